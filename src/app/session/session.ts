/**
 * Session state (spec 4 "Session", "Screen lock"): token, lock flag, and what CurrentUser
 * returned — user info, menu routes, permissions, system config. Held in jotai atoms of the
 * app store; the token and lock flag are mirrored in local storage.
 */
import { atom } from 'jotai';
import { buildMenuRoutes, type MenuItem, type MenuRoutes } from '../../runtime/menu/routes';
import { currentSystemMenu } from '../../runtime/menu/systems';
import { getToken, isLocked, removeToken, setLocked, setToken } from '../storage';
import { appStore } from '../store';
import { localeAtom } from '../i18n';
import { tabs } from '../tabs/atoms';
import type { CurrentUser, PermissionEntry, SysConfigInfo, UserInfo } from '../api/types';

export interface SessionData {
  userInfo: UserInfo;
  /** The current system's menu tree (CurrentUser sends one node per system). */
  menuList: MenuItem[];
  permissionList: PermissionEntry[];
  sysConfig: SysConfigInfo;
}

export const tokenAtom = atom<string | null>(getToken());
export const lockedAtom = atom<boolean>(isLocked());
/** Null until CurrentUser has been loaded for the current token. */
export const sessionAtom = atom<SessionData | null>(null);
/** Set by the sign-in page so the previous-login notice shows once after loading. */
export const justSignedInAtom = atom<boolean>(false);

/** Host of the data-visualisation server (`${dataV}`); same origin unless configured. */
export const DATA_V_HOST = typeof window === 'undefined' ? '' : `${window.location.origin}/DataV`;

/** Menu routes of the session, titles translated into the current language. */
export const menuRoutesAtom = atom<MenuRoutes>((get) => {
  const session = get(sessionAtom);
  const locale = get(localeAtom);
  const token = get(tokenAtom);
  // each entry carries its own translations (stored with it, so entries made at run time have them too)
  return buildMenuRoutes(session?.menuList ?? [], { dataV: DATA_V_HOST, token, locale });
});

/** A new token is a new session (sign-in, single sign-on, a token in the address): the tabs of the last one go. */
export function adoptToken(token: string): void {
  tabs.reset();
  setToken(token);
  appStore.set(tokenAtom, token);
  appStore.set(sessionAtom, null);
}

export function setLock(locked: boolean): void {
  setLocked(locked);
  appStore.set(lockedAtom, locked);
}

/** Logout or reset: the token, lock flag, user info, menus and permissions go. */
export function resetSession(): void {
  removeToken();
  setLocked(false);
  appStore.set(tokenAtom, null);
  appStore.set(lockedAtom, false);
  appStore.set(sessionAtom, null);
  appStore.set(justSignedInAtom, false);
  tabs.reset();
}

export type LoadFailure = { kind: 'locked' } | { kind: 'failed'; message: string | null; messageKey?: 'app.authFailed' | 'app.noMenuPermission' };

/** Checks a CurrentUser reply: empty user info and an empty menu (of the current system) fail sign-in (spec 8). */
export function acceptCurrentUser(data: CurrentUser | null | undefined): SessionData | LoadFailure {
  if (!data || !data.userInfo || !data.userInfo.userId) return { kind: 'failed', message: null, messageKey: 'app.authFailed' };
  const menuList = currentSystemMenu(data.menuList, data.userInfo.systemIds);
  if (menuList.length === 0) return { kind: 'failed', message: null, messageKey: 'app.noMenuPermission' };
  return {
    userInfo: data.userInfo,
    menuList,
    permissionList: data.permissionList ?? [],
    sysConfig: data.sysConfigInfo ?? {},
  };
}

/** After a password change: the session's user no longer owes the forced change. */
export function passwordChanged(): void {
  const session = appStore.get(sessionAtom);
  if (!session) return;
  appStore.set(sessionAtom, { ...session, userInfo: { ...session.userInfo, mustChangePassword: false, changePasswordDate: Date.now() } });
}

/** Updates fields of the session's user info (avatar, name) after the profile changed them. */
export function patchUserInfo(change: Partial<UserInfo>): void {
  const session = appStore.get(sessionAtom);
  if (session) appStore.set(sessionAtom, { ...session, userInfo: { ...session.userInfo, ...change } });
}
