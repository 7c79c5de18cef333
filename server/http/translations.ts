import { Type } from 'typebox';
import type { Locale } from '../../src/runtime/i18n';
import { readTranslations, textIn, translationsProblem, type Translations } from '../../src/runtime/i18n/texts';
import { refuse } from './errors';

/**
 * Names with translations (`full_name_i18n` columns) on the wire: administrators send and read
 * the map beside the own name; pages that show names get them in the caller's language.
 */

/** `{ "zh-TW": "…", "en": "…" }` in request and reply schemas. */
export const TranslationsSchema = Type.Record(Type.String(), Type.String(), { description: 'the name in other languages: { "zh-TW": "…", "en": "…" }' });

/** A request's translations as the column's JSON text (null: none); malformed ones are refused naming the field. */
export function translationsColumn(value: unknown, field = 'fullName_i18n'): string | null {
  if (value === undefined || value === null) return null;
  if (translationsProblem(value)) throw refuse('server.invalidTranslations', { field });
  const map = readTranslations(value);
  return map ? JSON.stringify(map) : null;
}

/** The column's translations for a reply (null: none). */
export const translationsOf = (column: string | null | undefined): Translations | null => readTranslations(column);

/** A row's name in a language: its translation, else the own name. */
export const nameIn = (locale: Locale, row: { fullName: string; fullNameI18n?: string | null }): string => textIn(locale, row.fullName, row.fullNameI18n);
