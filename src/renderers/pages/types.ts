import type { PermissionEntry } from '../data/provider';

/** Props every page renderer takes from the router (menu types 3, 4, 5, 8). */
export interface PageRendererProps {
  moduleId: string;
  isTree: boolean;
  menuId: string;
  title: string;
  permissions: PermissionEntry | null;
}
