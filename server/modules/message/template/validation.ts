import { refuse } from '../../../http/errors';
import type { Db } from '../../../db';
import type { Locale } from '../../../../src/runtime/i18n';
import { CHANNEL_DICTIONARY, MESSAGE_TYPE_DICTIONARY, typeEntries } from './types';

/** A template's code: senders name templates by it, so letters, digits, dots, underscores, hyphens. */
export const TEMPLATE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const TITLE_MAX = 200;
export const CONTENT_MAX = 10_000;

export interface TemplateInput {
  fullName?: string | null;
  enCode?: string | null;
  messageType?: string | number | null;
  channel?: string | null;
  title?: string | null;
  content?: string | null;
  sortCode?: number | null;
  enabledMark?: number | null;
  description?: string | null;
}

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** The template form, in the order the form shows its fields. Returns the row values. */
export function validateTemplate(input: TemplateInput) {
  if (blank(input.fullName)) throw refuse('messageTemplate.nameRequired');
  const fullName = String(input.fullName).trim();
  if (fullName.length > 50) throw refuse('messageTemplate.nameTooLong');

  if (blank(input.enCode)) throw refuse('messageTemplate.codeRequired');
  const enCode = String(input.enCode).trim();
  if (enCode.length > 50) throw refuse('messageTemplate.codeTooLong');
  if (!TEMPLATE_CODE_PATTERN.test(enCode)) throw refuse('messageTemplate.codePattern');

  if (blank(input.messageType)) throw refuse('messageTemplate.typeRequired');
  const messageType = String(input.messageType).trim();
  if (blank(input.channel)) throw refuse('messageTemplate.channelRequired');
  const channel = String(input.channel).trim();

  if (blank(input.title)) throw refuse('messageTemplate.titleRequired');
  const title = String(input.title).trim();
  if (title.length > TITLE_MAX) throw refuse('messageTemplate.titleTooLong', { max: TITLE_MAX });
  if (blank(input.content)) throw refuse('messageTemplate.contentRequired');
  const content = String(input.content);
  if (content.length > CONTENT_MAX) throw refuse('messageTemplate.contentTooLong', { max: CONTENT_MAX });

  const sortCode = input.sortCode ?? 0;
  if (!Number.isInteger(sortCode) || sortCode < 0 || sortCode > 999999) throw refuse('dictionary.sortRange');
  const enabledMark = input.enabledMark ?? 1;
  if (enabledMark !== 0 && enabledMark !== 1) throw refuse('dictionary.statusInvalid');
  if (input.description !== undefined && input.description !== null && String(input.description).length > 500) throw refuse('messageTemplate.descriptionTooLong');
  return { fullName, enCode, messageType, channel, title, content, sortCode, enabledMark, description: blank(input.description) ? null : String(input.description) };
}

/**
 * The type and channel must be entries of their dictionaries. A disabled entry is refused for a
 * new value but kept when the template already had it (editing an old template stays possible).
 */
export async function checkTypes(db: Db, locale: Locale, values: { messageType: string; channel: string }, before?: { messageType: string; channel: string }) {
  const [types, channels] = await Promise.all([typeEntries(db, MESSAGE_TYPE_DICTIONARY, locale), typeEntries(db, CHANNEL_DICTIONARY, locale)]);
  const type = types.find((e) => e.enCode === values.messageType);
  if (!type || (!type.enabled && before?.messageType !== values.messageType)) throw refuse('messageTemplate.typeNotFound');
  const channel = channels.find((e) => e.enCode === values.channel);
  if (!channel || (!channel.enabled && before?.channel !== values.channel)) throw refuse('messageTemplate.channelNotFound');
}
