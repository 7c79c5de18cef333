/**
 * Settings state (jotai) and the actions of the settings drawer. Layout, colour theme and
 * side are kept on the server for the user (PUT SystemTheme) and mirrored in this browser;
 * the switches and the size live in local storage under the product prefix.
 */
import { atom } from 'jotai';
import { storage } from '../storage';
import { appStore } from '../store';
import { sessionAtom } from '../session/session';
import { saveLanguage, saveTheme } from '../api/currentUser';
import { setLocale } from '../i18n';
import type { Locale } from '../../runtime/i18n';
import { parseStored, readSettings, resolveSettings, type Settings } from './settings-core';

export const SETTINGS_KEY = 'settings';
export const SIDEBAR_KEY = 'sidebarStatus';

export const localSettingsAtom = atom<Partial<Settings>>(parseStored(storage.get(SETTINGS_KEY)));

/** What the user's server record says (layout in `theme`, colour and side when kept). */
export function serverPart(userInfo: Record<string, unknown> | null | undefined): Partial<Settings> {
  if (!userInfo) return {};
  let preferences: Record<string, unknown> = {};
  const raw = userInfo.preferences;
  if (typeof raw === 'string') preferences = (parseStoredObject(raw) ?? {}) as Record<string, unknown>;
  else if (raw && typeof raw === 'object') preferences = raw as Record<string, unknown>;
  return readSettings({ ...preferences, layoutType: userInfo.theme ?? preferences.layoutType, themeColor: userInfo.themeColor ?? preferences.themeColor, slideClass: userInfo.slideClass ?? preferences.slideClass });
}

function parseStoredObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const settingsAtom = atom<Settings>((get) => {
  const session = get(sessionAtom);
  return resolveSettings(session?.sysConfig as Record<string, unknown> | undefined, get(localSettingsAtom), serverPart(session?.userInfo));
});

/** Changes settings: stored locally at once; layout/colour/side also sent to the server. */
export async function updateSettings(change: Partial<Settings>): Promise<void> {
  const local = { ...appStore.get(localSettingsAtom), ...change };
  appStore.set(localSettingsAtom, local);
  storage.set(SETTINGS_KEY, JSON.stringify(local));
  const touchesServer = 'layoutType' in change || 'themeColor' in change || 'slideClass' in change;
  const session = appStore.get(sessionAtom);
  if (!touchesServer || !session) return;
  const next = { ...appStore.get(settingsAtom), ...change };
  // The session's user record follows, so the server part agrees with what was chosen.
  appStore.set(sessionAtom, {
    ...session,
    userInfo: { ...session.userInfo, theme: next.layoutType, themeColor: next.themeColor, slideClass: next.slideClass },
  });
  try {
    await saveTheme({ theme: next.layoutType, themeColor: next.themeColor, slideClass: next.slideClass });
  } catch {
    /* kept in this browser; the server copy follows with the next change */
  }
}

export const sidebarOpenAtom = atom<boolean>(storage.get(SIDEBAR_KEY) !== '0');

export function setSidebarOpen(open: boolean): void {
  storage.set(SIDEBAR_KEY, open ? '1' : '0');
  appStore.set(sidebarOpenAtom, open);
}

/** Switches the language; a signed-in user's choice is also kept on the server. */
export async function chooseLanguage(locale: Locale): Promise<void> {
  setLocale(locale);
  if (appStore.get(sessionAtom)) {
    try {
      await saveLanguage(locale);
    } catch {
      /* kept locally; the server copy follows next time */
    }
  }
}
