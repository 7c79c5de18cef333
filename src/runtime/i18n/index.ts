import { en, type MessageKey, zhCN, zhTW } from './catalogue';

export type { MessageKey };
export const LOCALES = ['zh-CN', 'zh-TW', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const catalogues: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en };

export type MessageParams = Record<string, string | number>;

/** Looks a key up in the locale's catalogue and fills `{name}` placeholders. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = catalogues[locale][key] ?? catalogues[DEFAULT_LOCALE][key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The stored choice wins; else the browser (or Accept-Language) language, where any
 * Chinese variant naming Taiwan, Hong Kong or traditional script gives zh-TW and an
 * English one gives en; else Chinese.
 */
export function resolveLocale(stored: string | null | undefined, preferred?: string | readonly string[] | null): Locale {
  if (isLocale(stored)) return stored;
  const list = typeof preferred === 'string' ? parseAcceptLanguage(preferred) : (preferred ?? []);
  for (const raw of list) {
    const lang = raw.toLowerCase();
    if (/tw|hk|mo|hant/.test(lang)) return 'zh-TW';
    if (lang.startsWith('zh')) return 'zh-CN';
    if (lang.startsWith('en')) return 'en';
  }
  return DEFAULT_LOCALE;
}

function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .filter(Boolean);
}
