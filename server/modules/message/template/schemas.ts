import { Type } from 'typebox';
import type { MessageTemplateRow } from '../../../db/schema';
import { PagedQueryFields, Nullable } from '../../../http/envelope';


export const TemplateView = Type.Object({
  id: Type.String(),
  fullName: Type.String({ description: 'template name' }),
  enCode: Type.String({ description: 'template code: what a sender names the template by' }),
  messageType: Type.String({ description: 'a messageType entry code (getTypeList/1): 1 announcement, 2 flow, 3 system' }),
  messageTypeName: Type.String({ description: 'its name in the caller\'s language' }),
  channel: Type.String({ description: 'a messageChannel entry code (getTypeList/2): site, mail, sms, dingTalk, weCom, webhook' }),
  channelName: Type.String({ description: 'its name in the caller\'s language' }),
  title: Type.String({ description: 'message title; {name} placeholders are filled when sent' }),
  content: Type.String({ description: 'message body; {name} placeholders are filled when sent' }),
  placeholders: Type.Array(Type.String(), { description: 'the placeholder names title and content use, in order' }),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer({ description: '1 enabled, 0 disabled' }),
  description: Nullable(Type.String()),
  createdAt: Type.Number(),
  createdBy: Nullable(Type.String()),
  updatedAt: Type.Union([Type.Number(), Type.Null()]),
  updatedBy: Nullable(Type.String()),
});

// Loosely typed on purpose: validation.ts answers with the form's own messages in three languages.
const Text = Type.Optional(Type.Union([Type.String(), Type.Null()]));
export const TemplateBody = Type.Object({
  fullName: Text,
  enCode: Text,
  messageType: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()])),
  channel: Text,
  title: Text,
  content: Text,
  sortCode: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  enabledMark: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  description: Text,
});

export const ListQuery = Type.Object({
  ...PagedQueryFields,
  keyword: Type.Optional(Type.String({ maxLength: 100, description: 'matches name, code or title' })),
  messageType: Type.Optional(Type.String({ maxLength: 50 })),
  channel: Type.Optional(Type.String({ maxLength: 50 })),
  enabledMark: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const TypeListParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 20, description: '1 message types, 2 sending channels' }) });
export const TypeItem = Type.Object({ id: Type.String(), fullName: Type.String(), enCode: Type.String() });

/** Names of the dictionary entries a view shows beside their codes. */
export type NameLookup = { messageType: Map<string, string>; channel: Map<string, string> };

export const templateView = (r: MessageTemplateRow, names: NameLookup, placeholders: string[]) => ({
  id: r.id, fullName: r.fullName, enCode: r.enCode,
  messageType: r.messageType, messageTypeName: names.messageType.get(r.messageType) ?? r.messageType,
  channel: r.channel, channelName: names.channel.get(r.channel) ?? r.channel,
  title: r.title, content: r.content, placeholders, sortCode: Number(r.sortCode), enabledMark: Number(r.enabledMark), description: r.description,
  createdAt: Number(r.createdAt), createdBy: r.createdBy, updatedAt: r.updatedAt === null ? null : Number(r.updatedAt), updatedBy: r.updatedBy,
});
