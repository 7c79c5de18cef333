import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '.';

/**
 * Texts that authors and administrators write (descriptor labels, menu titles, dictionary
 * entries) carry their other languages beside them: next to a text key `k`, the key `k_i18n`
 * holds `{ "zh-TW": "…", "en": "…" }`. The text under `k` is the author's own (zh-CN in this
 * product) and is what any language without a translation shows. The same shape is stored in
 * the database (`full_name_i18n` columns, JSON text), so entries made at run time translate too.
 */
export type Translations = Partial<Record<Locale, string>>;

export const TRANSLATIONS_SUFFIX = '_i18n';

/** The languages a text needs besides its own (the own text is written in the default language). */
export const TRANSLATED_LOCALES: readonly Locale[] = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

/**
 * Keys whose string values a person reads, in any descriptor or menu entry. Objects under
 * `props` are skipped: there `label`/`value` name the keys of options, they are not texts.
 * The descriptor's top-level `description` is a note for authors, not shown on the page.
 */
export const TEXT_KEYS: ReadonlySet<string> = new Set([
  'label', 'placeholder', 'fullName', 'title', 'header', 'content', 'description', 'message', 'activeTxt', 'inactiveTxt',
  'tipLabel', 'tipText', 'buttonText', 'closeText', 'popupTitle', 'actionText', 'confirmButtonText', 'cancelButtonText',
  'printButtonText', 'treeTitle', 'unit', 'addonBefore', 'addonAfter', 'prepend', 'append',
]);
const SKIPPED_OBJECTS = new Set(['props', 'on', 'templateJson']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why a value is not a translations map (null when it is one). JSON text is read too (database columns). */
export function translationsProblem(value: unknown): string | null {
  const map = typeof value === 'string' ? parseJson(value) : value;
  if (!isPlainObject(map)) return 'not an object of language → text';
  for (const [locale, text] of Object.entries(map)) {
    if (!isLocale(locale)) return `unknown language ${locale} (${LOCALES.join(', ')})`;
    if (typeof text !== 'string' || !text.trim()) return `the ${locale} text is empty`;
  }
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A translations map from an object or its JSON text; anything malformed reads as none. */
export function readTranslations(value: unknown): Translations | null {
  if (value === null || value === undefined || value === '') return null;
  // parsed once here (translationsProblem would parse text again)
  const map = typeof value === 'string' ? parseJson(value) : value;
  if (translationsProblem(map)) return null;
  return Object.keys(map as Translations).length ? (map as Translations) : null;
}

/** The text in a language: its translation, else the own text. */
export function textIn(locale: Locale, own: string | null | undefined, translations: unknown): string {
  const map = isPlainObject(translations) ? (translations as Translations) : readTranslations(translations);
  return map?.[locale] || own || '';
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * A copy of a descriptor (or any JSON) with every `k_i18n` resolved for one language: `k`
 * becomes the translation when there is one, and the `_i18n` keys are dropped, so what follows
 * reads one language and never sees a translations map. Malformed maps are reported and ignored.
 */
export function localiseTexts<T>(value: T, locale: Locale, onProblem?: (path: string, detail: string) => void, path = ''): T {
  if (Array.isArray(value)) return value.map((v, i) => localiseTexts(v, locale, onProblem, `${path}[${i}]`)) as T;
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!key.endsWith(TRANSLATIONS_SUFFIX)) out[key] = localiseTexts(v, locale, onProblem, join(path, key));
  for (const [key, v] of Object.entries(value)) {
    if (!key.endsWith(TRANSLATIONS_SUFFIX)) continue;
    const base = key.slice(0, -TRANSLATIONS_SUFFIX.length);
    const problem = translationsProblem(v) ?? (out[base] !== undefined && typeof out[base] !== 'string' ? `${base} is not a text` : null);
    if (problem) {
      onProblem?.(join(path, key), problem);
      continue;
    }
    const text = (readTranslations(v) ?? {})[locale];
    if (text !== undefined) out[base] = text;
  }
  return out as T;
}

export interface MissingTranslation {
  /** Path of the text key (`formData.fields[0].__config__.label`). */
  path: string;
  text: string;
  missing: Locale[];
}

/** Whether a string is something to read (has a letter or an ideograph), not a number or a symbol. */
const isWords = (text: string) => /\p{L}/u.test(text);

/**
 * Every text a person reads (TEXT_KEYS) that lacks a translation into one of TRANSLATED_LOCALES.
 * `rootIgnored` names top-level keys that are notes rather than texts (a descriptor's description).
 */
export function missingTranslations(value: unknown, path = '', rootIgnored: readonly string[] = ['description']): MissingTranslation[] {
  const out: MissingTranslation[] = [];
  const visit = (node: unknown, at: string, root: boolean) => {
    if (Array.isArray(node)) return node.forEach((v, i) => visit(v, `${at}[${i}]`, false));
    if (!isPlainObject(node)) return;
    for (const [key, v] of Object.entries(node)) {
      if (root && rootIgnored.includes(key)) continue;
      if (TEXT_KEYS.has(key) && typeof v === 'string' && isWords(v)) {
        const map = readTranslations(node[key + TRANSLATIONS_SUFFIX]);
        const missing = TRANSLATED_LOCALES.filter((l) => !map?.[l]);
        if (missing.length) out.push({ path: join(at, key), text: v, missing });
      } else if (!SKIPPED_OBJECTS.has(key) && !key.endsWith(TRANSLATIONS_SUFFIX)) {
        visit(v, join(at, key), false);
      }
    }
  };
  visit(value, path, true);
  return out;
}
