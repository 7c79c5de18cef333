import type { Db } from '../../../db';
import type { RealtimeHub } from '../../../realtime/hub';
import { resolveLocale, translate, type Locale, type MessageKey, type MessageParams } from '../../../../src/runtime/i18n';
import { sendMessage, type Outgoing } from './deliver';

export interface TranslatedOutgoing extends Omit<Outgoing, 'title' | 'bodyText' | 'toUserIds'> {
  toUserIds: readonly string[];
  title: MessageKey;
  body?: MessageKey;
  params?: MessageParams;
}

/**
 * A platform message (flow or system) in each recipient's own language: a message is stored once
 * for all its readers, so the recipients are grouped by their language and each group gets the
 * text in it. Returns how many messages were stored.
 */
export async function sendTranslated(db: Db, hub: RealtimeHub, out: TranslatedOutgoing): Promise<number> {
  const ids = [...new Set(out.toUserIds)];
  if (ids.length === 0) return 0;
  const users = await db.selectFrom('baseUser').select(['id', 'language']).where('id', 'in', ids).execute();
  const groups = new Map<Locale, string[]>();
  for (const u of users) {
    const locale = resolveLocale(u.language);
    groups.set(locale, [...(groups.get(locale) ?? []), u.id]);
  }
  const { title, body, params, ...rest } = out;
  for (const [locale, toUserIds] of groups) {
    await sendMessage(db, hub, { ...rest, toUserIds, title: translate(locale, title, params), bodyText: body ? translate(locale, body, params) : null });
  }
  return groups.size;
}
