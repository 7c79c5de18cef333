import type { MenuItem } from './routes';

/** One of userInfo.systemIds (spec 3 "User info"). */
export interface SystemRef {
  id: string;
  currentSystem?: boolean | number | null;
}

/**
 * CurrentUser sends menuList and routerList as one node per system with that system's menu
 * under `children` (spec 6: "the one flagged currentSystem picks the menu subtree"). Returns
 * the current system's menu tree, as the product's client does
 * (`list.filter(o => o.id === current)[0].children`); when no system is flagged, the first.
 * An unknown shape (no system nodes) gives an empty menu, which fails sign-in (spec 8).
 */
export function currentSystemMenu(list: readonly MenuItem[] | null | undefined, systems: readonly SystemRef[] | null | undefined): MenuItem[] {
  if (!list?.length) return [];
  const flagged = systems?.find((s) => s.currentSystem === true || s.currentSystem === 1)?.id;
  const node = flagged === undefined ? list[0] : list.find((s) => String(s.id) === String(flagged));
  return node?.children ? [...node.children] : [];
}
