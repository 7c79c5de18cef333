import { refuse } from '../../../http/errors';

const TITLE_MAX = 200;
const BODY_MAX = 20_000;
const RECIPIENTS_MAX = 5_000;

export interface NoticeInput {
  title: string;
  bodyText: string;
  /** Empty: everyone. */
  toUserIds: string[];
}

/** An announcement as written in the form, checked with the form's messages (nothing is stored on a refusal). */
export function validateNotice(body: { title?: string | null; bodyText?: string | null; toUserIds?: string[] | string | null }): NoticeInput {
  const title = (body.title ?? '').trim();
  if (!title) throw refuse('message.titleRequired');
  if (title.length > TITLE_MAX) throw refuse('message.titleTooLong', { max: TITLE_MAX });
  const bodyText = body.bodyText ?? '';
  if (bodyText.length > BODY_MAX) throw refuse('message.bodyTooLong', { max: BODY_MAX });
  const raw = Array.isArray(body.toUserIds) ? body.toUserIds : typeof body.toUserIds === 'string' && body.toUserIds ? body.toUserIds.split(',') : [];
  const toUserIds = [...new Set(raw.map((id) => String(id).trim()).filter(Boolean))];
  if (toUserIds.length > RECIPIENTS_MAX) throw refuse('message.tooManyRecipients', { max: RECIPIENTS_MAX });
  if (toUserIds.some((id) => id.length > 50)) throw refuse('message.recipientNotFound');
  return { title, bodyText, toUserIds };
}
