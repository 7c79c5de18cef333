import type { Db } from '../../../db';
import type { Locale } from '../../../../src/runtime/i18n';
import { nameIn } from '../../../http/translations';

/**
 * The message data types (GET MessageDataType/getTypeList/{id}): system dictionaries seeded by
 * migration 0024, so an administrator may rename or disable an entry on the dictionary page.
 * 1 = message types (spec 9: 1 announcement, 2 flow, 3 system; the spec asks for the list
 * "with parameter 1"), 2 = the channels a template is sent on.
 */
export const TYPE_LISTS: Record<string, string> = { '1': 'messageType', '2': 'messageChannel' };
export const MESSAGE_TYPE_DICTIONARY = TYPE_LISTS['1'];
export const CHANNEL_DICTIONARY = TYPE_LISTS['2'];

export interface TypeEntry { id: string; fullName: string; enCode: string; enabled: boolean }

/** A dictionary's entries in sort order, named in `locale`. */
export async function typeEntries(db: Db, dictionary: string, locale: Locale): Promise<TypeEntry[]> {
  const rows = await db
    .selectFrom('baseDictionaryData as d')
    .innerJoin('baseDictionaryType as t', 't.id', 'd.dictionaryTypeId')
    .select(['d.id', 'd.fullName', 'd.fullNameI18n', 'd.enCode', 'd.enabledMark', 'd.sortCode'])
    .where('t.enCode', '=', dictionary)
    .orderBy('d.sortCode')
    .orderBy('d.enCode')
    .execute();
  return rows.map((r) => ({ id: r.id, fullName: nameIn(locale, r), enCode: r.enCode, enabled: Number(r.enabledMark) === 1 }));
}

/** Both lists' names by code, for the views. */
export async function typeNames(db: Db, locale: Locale) {
  const [types, channels] = await Promise.all([typeEntries(db, MESSAGE_TYPE_DICTIONARY, locale), typeEntries(db, CHANNEL_DICTIONARY, locale)]);
  return { messageType: new Map(types.map((e) => [e.enCode, e.fullName])), channel: new Map(channels.map((e) => [e.enCode, e.fullName])) };
}
