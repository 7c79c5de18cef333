import { describe, expect, it } from 'vitest';
import { catalogues, LOCALES, resolveLocale, translate } from '../../src/runtime/i18n';

describe('i18n catalogues', () => {
  it('every key of zh-CN exists, non-empty, in every language', () => {
    const keys = Object.keys(catalogues['zh-CN']);
    expect(keys.length).toBeGreaterThan(5);
    for (const locale of LOCALES) {
      const missing = keys.filter((k) => !(catalogues[locale] as Record<string, string>)[k]?.trim());
      expect(missing, `${locale} is missing`).toEqual([]);
      expect(Object.keys(catalogues[locale]).sort()).toEqual([...keys].sort());
    }
  });

  it('placeholders in every translation match the source', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, source] of Object.entries(catalogues['zh-CN'])) {
      for (const locale of LOCALES) expect(names((catalogues[locale] as Record<string, string>)[key]!), `${locale} ${key}`).toEqual(names(source));
    }
  });

  it('fills placeholders', () => {
    expect(translate('zh-CN', 'server.invalidInput', { detail: 'x' })).toBe('参数错误：x');
    expect(translate('en', 'server.invalidInput', { detail: 'x' })).toBe('Invalid input: x');
  });

  it('stored choice wins, then browser language (tw → traditional), else Chinese', () => {
    expect(resolveLocale('en', 'zh-TW')).toBe('en');
    expect(resolveLocale(null, 'zh-TW,zh;q=0.9')).toBe('zh-TW');
    expect(resolveLocale(null, ['zh-tw'])).toBe('zh-TW');
    expect(resolveLocale(null, 'en-US,en;q=0.9')).toBe('en');
    expect(resolveLocale(null, 'fr-FR')).toBe('zh-CN');
    expect(resolveLocale(undefined, undefined)).toBe('zh-CN');
    expect(resolveLocale('xx', 'zh')).toBe('zh-CN');
  });
});
