/**
 * The menu icon names the shell draws (src/app/shell/MenuIcon.tsx maps each to a glyph). Entries
 * keep the product's icon-font class names (`icon-ym icon-ym-*`, as schemas/menu.json and the
 * JNPF definitions write them) so exported menus stay compatible; the product ships no icon font,
 * so only these names have a picture. An entry without a listed icon gets its kind's icon.
 */
export const MENU_ICON_NAMES = [
  'icon-ym icon-ym-generator-menu',
  'icon-ym icon-ym-shop',
  'icon-ym icon-ym-report',
  'icon-ym icon-ym-systemManage',
  'icon-ym icon-ym-generator-table',
  'icon-ym icon-ym-generator-dictionary',
  'icon-ym icon-ym-generator-documents',
  'icon-ym icon-ym-generator-user',
  'icon-ym icon-ym-generator-company',
  'icon-ym icon-ym-generator-department',
  'icon-ym icon-ym-generator-date',
  'icon-ym icon-ym-generator-tree',
] as const;

export type MenuIconName = (typeof MENU_ICON_NAMES)[number];

export function isMenuIconName(value: string): value is MenuIconName {
  return (MENU_ICON_NAMES as readonly string[]).includes(value);
}
