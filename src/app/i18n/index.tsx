import { useCallback } from 'react';
import { atom, useAtomValue } from 'jotai';
import { isLocale, resolveLocale, translate, type Locale, type MessageKey, type MessageParams } from '../../runtime/i18n';
import { applyDayjsLocale } from '../../renderers/dates-locale';
import { storage, StorageKey } from '../storage';
import { appStore } from '../store';

/** The UI language: the stored choice, else the browser's language (tw → traditional), else Chinese. */
export function initialLocale(): Locale {
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return resolveLocale(storage.get(StorageKey.language), preferred);
}

export const localeAtom = atom<Locale>(initialLocale());

export type TFunction = (key: MessageKey, params?: MessageParams) => string;

/** `const t = useT(); t('login.submit')` — re-renders when the language changes. */
export function useT(): TFunction {
  const locale = useAtomValue(localeAtom);
  return useCallback((key: MessageKey, params?: MessageParams) => translate(locale, key, params), [locale]);
}

export function useLocale(): Locale {
  return useAtomValue(localeAtom);
}

/** Switches and remembers the language. */
export function setLocale(locale: Locale): void {
  if (!isLocale(locale)) return;
  storage.set(StorageKey.language, locale);
  applyDayjsLocale(locale);
  appStore.set(localeAtom, locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export function currentLocale(): Locale {
  return appStore.get(localeAtom);
}

/** Translation outside React (API client, guard effects). */
export function tNow(key: MessageKey, params?: MessageParams): string {
  return translate(currentLocale(), key, params);
}
