/** The tab-view store in the app's jotai store; every change goes through the pure functions of tabs.ts. */
import { atom } from 'jotai';
import { appStore } from '../store';
import { addView, delAllViews, delCachedView, delOthersViews, delView, EMPTY_TABS, restoreViews, updateVisitedView, type TabState, type TabView } from './tabs';

export const tabsAtom = atom<TabState>(EMPTY_TABS);

const apply = (change: (state: TabState) => TabState) => appStore.set(tabsAtom, change(appStore.get(tabsAtom)));

export const tabs = {
  add: (view: TabView) => apply((s) => addView(s, view)),
  del: (view: Pick<TabView, 'path'>) => apply((s) => delView(s, view)),
  delOthers: (view: Pick<TabView, 'path'>) => apply((s) => delOthersViews(s, view)),
  delAll: () => apply(delAllViews),
  delCached: (view: Pick<TabView, 'path'>) => apply((s) => delCachedView(s, view)),
  update: (view: Pick<TabView, 'path'> & Partial<TabView>) => apply((s) => updateVisitedView(s, view)),
  restore: (stored: readonly TabView[], mayOpen: (path: string) => boolean) => apply((s) => restoreViews(s, stored, mayOpen)),
  reset: () => appStore.set(tabsAtom, EMPTY_TABS),
};
