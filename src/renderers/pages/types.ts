import type { PermissionEntry } from '../data/provider';

/** Props every page renderer takes from the router (menu types 3, 4, 5, 8). */
export interface PageRendererProps {
  moduleId: string;
  isTree: boolean;
  menuId: string;
  title: string;
  permissions: PermissionEntry | null;
  /**
   * The in-app route of the menu entry with this enCode, or null when the user has no such
   * entry (portal shortcuts link to menu entries by enCode). The shell supplies it from the menu.
   */
  menuPath?: (enCode: string) => string | null;
}
