import { catalogues, DEFAULT_LOCALE, type Locale } from '.';

/**
 * The name of a dictionary entry in the user's language. The database holds one name (zh-CN);
 * system dictionaries have translations in the catalogue under `dict.<category>.<entry>`. The
 * translation is used only while the entry still carries the catalogue's zh-CN name, so a name
 * an administrator changed is shown as they wrote it.
 */
export function dictionaryLabel(locale: Locale, category: string, entry: { enCode: string; fullName: string }): string {
  const key = `dict.${category}.${entry.enCode}`;
  const source = (catalogues[DEFAULT_LOCALE] as Record<string, string | undefined>)[key];
  if (source === undefined || source !== entry.fullName) return entry.fullName;
  return (catalogues[locale] as Record<string, string | undefined>)[key] ?? entry.fullName;
}
