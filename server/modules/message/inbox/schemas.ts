import { Type } from 'typebox';
import { PagedQueryFields, Nullable } from '../../../http/envelope';


/** Message types (spec 3, 9): 1 announcement, 2 flow, 3 system. */
export const MESSAGE_TYPE = { notice: 1, flow: 2, system: 3 } as const;

/** One of my messages, as the drawer and the message centre list it. */
export const InboxItem = Type.Object({
  id: Type.String({ description: 'the message id (ReadInfo/{id} takes it)' }),
  title: Type.String(),
  type: Type.Integer({ description: '1 announcement, 2 flow, 3 system' }),
  flowType: Nullable(Type.Integer({ description: 'flow messages: 2 goes to the entrust page, others to flow detail' })),
  linkId: Nullable(Type.String({ description: 'flow messages: the task the message is about' })),
  isRead: Type.String({ description: "'1' read, '0' unread" }),
  releaseUser: Type.String({ description: 'who released or sent it (realName/account), empty for the platform' }),
  releaseTime: Type.Number(),
});

export const InboxDetail = Type.Object({
  ...InboxItem.properties,
  bodyText: Type.String(),
  files: Type.Array(Type.Object({ name: Type.String(), fileId: Type.Optional(Type.String()), url: Type.Optional(Type.String()) })),
});

export const InboxQuery = Type.Object({
  ...PagedQueryFields,
  keyword: Type.Optional(Type.String({ maxLength: 100, description: 'matches the title' })),
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  isRead: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal(0), Type.Literal(1)], { description: "'0' unread only, '1' read only" })),
});

export const ReadAllBody = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  type: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 3 }), Type.Literal(''), Type.Null()])),
  isRead: Type.Optional(Type.Union([Type.String({ maxLength: 1 }), Type.Integer(), Type.Null()])),
});

export const RecordBody = Type.Object({ ids: Type.Union([Type.Array(Type.String({ maxLength: 50 }), { maxItems: 1000 }), Type.String({ maxLength: 51_000 })], { description: 'message ids (array, or comma-joined)' }) });

export const UnreadCounts = Type.Object({
  notice: Type.Integer(), flow: Type.Integer(), system: Type.Integer(), total: Type.Integer(),
});

/** An announcement as its administrator edits it. */
export const NoticeView = Type.Object({
  id: Type.String(),
  title: Type.String(),
  bodyText: Type.String(),
  toUserIds: Type.Array(Type.String(), { description: 'recipients; empty: everyone' }),
  enabledMark: Type.Integer({ description: '0 draft, 1 released' }),
  releaseUser: Type.String(),
  releaseTime: Nullable(Type.Number()),
  readCount: Type.Integer({ description: 'recipients who have read it' }),
  receiverCount: Type.Integer({ description: 'recipients it was released to' }),
  createdAt: Type.Number(),
});

// Loosely typed on purpose: notice-input.ts answers with the form's own messages in three languages.
export const NoticeBody = Type.Object({
  title: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  bodyText: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  toUserIds: Type.Optional(Type.Union([Type.Array(Type.String()), Type.String(), Type.Null()])),
});

export const NoticeQuery = Type.Object({
  ...PagedQueryFields,
  keyword: Type.Optional(Type.String({ maxLength: 100, description: 'matches the title' })),
  enabledMark: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
