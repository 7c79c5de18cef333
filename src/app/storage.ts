/**
 * Local storage with the product prefix (spec 3 Settings, 9 "Local storage keys carry a fixed
 * product prefix"). The session token lives under `token`, the screen-lock flag under `lock`.
 * Every access tolerates a missing or refusing storage (private mode, tests).
 */
export const STORAGE_PREFIX = 'scp_';

export const StorageKey = {
  token: 'token',
  lock: 'lock',
  language: 'language',
} as const;

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const storage = {
  get(key: string): string | null {
    try {
      return store()?.getItem(STORAGE_PREFIX + key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      store()?.setItem(STORAGE_PREFIX + key, value);
    } catch {
      /* storage full or refused: the value lives for this page only */
    }
  },
  remove(key: string): void {
    try {
      store()?.removeItem(STORAGE_PREFIX + key);
    } catch {
      /* ignore */
    }
  },
};

export const getToken = (): string | null => storage.get(StorageKey.token) || null;
export const setToken = (token: string): void => storage.set(StorageKey.token, token);
export const removeToken = (): void => storage.remove(StorageKey.token);
export const isLocked = (): boolean => storage.get(StorageKey.lock) === '1';
export const setLocked = (locked: boolean): void => (locked ? storage.set(StorageKey.lock, '1') : storage.remove(StorageKey.lock));
