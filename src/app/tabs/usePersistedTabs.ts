import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../session/session';
import { usePageInfo } from '../shell/pageTitle';
import { storage } from '../storage';
import { tabs, tabsAtom } from './atoms';
import { parseStoredTabs, serialiseTabs, tabsStorageKey } from './tabs';

/**
 * Keeps the tab strip across reloads, per user: once the session's menu is known the stored
 * tabs come back (those the user may still open), and from then on every change is written.
 * Writing waits for the restore, so the first render (home plus the reloaded page) cannot
 * overwrite what was stored.
 */
export function usePersistedTabs(): void {
  const userId = useAtomValue(sessionAtom)?.userInfo.userId ?? null;
  const { visited } = useAtomValue(tabsAtom);
  const info = usePageInfo();
  const restoredFor = useRef<string | null>(null);

  useEffect(() => {
    if (!userId) return;
    const key = tabsStorageKey(userId);
    if (restoredFor.current !== userId) {
      restoredFor.current = userId;
      tabs.restore(parseStoredTabs(storage.get(key)), (path) => info(path) !== null);
      return; // the restore changes the strip, which runs this again and writes it
    }
    storage.set(key, serialiseTabs(visited));
  }, [userId, visited]); // eslint-disable-line react-hooks/exhaustive-deps
}
