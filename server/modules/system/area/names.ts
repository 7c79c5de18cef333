import type { Locale } from '../../../../src/runtime/i18n';

/**
 * Division names are stored in simplified Chinese (the data set's). zh-TW readers get them in
 * traditional characters through OpenCC (opencc-js, phrase-aware, Taiwan standard); en readers
 * get the Chinese names, which are the names an address carries. The converter's dictionaries
 * take most of a second to build, so they load on the first zh-TW request, not at start.
 */
type Convert = (text: string) => string;

let toTraditional: Promise<Convert> | undefined;
let toSimplified: Promise<Convert> | undefined;
const traditionalNames = new Map<string, string>();

async function traditional(): Promise<Convert> {
  toTraditional ??= import('opencc-js/cn2t').then((m) => m.Converter({ from: 'cn', to: 'tw' }));
  return toTraditional;
}

/** A function giving a stored name in `locale`. */
export async function areaNamer(locale: Locale): Promise<Convert> {
  if (locale !== 'zh-TW') return (name) => name;
  const convert = await traditional();
  return (name) => {
    let shown = traditionalNames.get(name);
    if (shown === undefined) {
      shown = convert(name);
      // Names repeat (东区, 市辖区) and the set is bounded by the table: a plain map suffices.
      if (traditionalNames.size < 20_000) traditionalNames.set(name, shown);
    }
    return shown;
  };
}

/** A search keyword in the stored script: traditional characters typed by anyone become simplified. */
export async function keywordInStoredScript(keyword: string): Promise<string> {
  if (/^[\x00-\x7f]*$/.test(keyword)) return keyword;
  toSimplified ??= import('opencc-js/t2cn').then((m) => m.Converter({ from: 'tw', to: 'cn' }));
  return (await toSimplified)(keyword);
}
