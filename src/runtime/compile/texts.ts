import { localiseTexts, missingTranslations } from '../i18n/texts';
import type { CompileContext } from './context';

/** What a compilation does about texts without a zh-TW or en translation. */
export type TranslationCheck = 'ignore' | 'warn' | 'error';

/**
 * The descriptor (or a part of it) in the compile's language: every `k_i18n` resolved, the
 * author's own text where a translation is missing. With a check, texts lacking a translation
 * are reported under the path of the text; malformed translations are always reported.
 */
export function localised<T>(value: T, ctx: CompileContext, check: TranslationCheck = 'ignore', path = ''): T {
  const severity = check === 'error' ? 'error' : 'warning';
  if (check !== 'ignore') {
    for (const m of missingTranslations(value, path)) {
      ctx.report(m.path, severity, 'compile.missingTranslation', { text: m.text, locales: m.missing.join(', '), key: m.path.replace(/^.*\./, '') });
    }
  }
  return localiseTexts(value, ctx.locale, (at, detail) => ctx.report(at, severity, 'compile.badTranslations', { detail }), path);
}
