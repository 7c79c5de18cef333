import {
  IconBuilding, IconBuildingStore, IconCalendar, IconChartBar, IconDeviceDesktopAnalytics, IconExternalLink, IconFileText, IconFiles, IconFolder, IconForms,
  IconLayoutDashboard, IconListDetails, IconMenu2, IconSettings, IconSitemap, IconTable, IconUser, IconUsersGroup, type Icon,
} from '@tabler/icons-react';
import type { MenuIconName } from '../../runtime/menu/icons';
import type { MenuNode } from '../../runtime/menu/routes';

/** A glyph per icon name an entry may choose (src/runtime/menu/icons.ts; the product has no icon font). */
const NAMED: Record<MenuIconName, Icon> = {
  'icon-ym icon-ym-generator-menu': IconMenu2,
  'icon-ym icon-ym-shop': IconBuildingStore,
  'icon-ym icon-ym-report': IconChartBar,
  'icon-ym icon-ym-systemManage': IconSettings,
  'icon-ym icon-ym-generator-table': IconTable,
  'icon-ym icon-ym-generator-dictionary': IconListDetails,
  'icon-ym icon-ym-generator-documents': IconFiles,
  'icon-ym icon-ym-generator-user': IconUser,
  'icon-ym icon-ym-generator-company': IconBuilding,
  'icon-ym icon-ym-generator-department': IconUsersGroup,
  'icon-ym icon-ym-generator-date': IconCalendar,
  'icon-ym icon-ym-generator-tree': IconSitemap,
};

/**
 * The entry's chosen icon when it is one the shell draws; otherwise an icon per menu kind. The
 * generic page icon (generator-menu, which nearly every file entry names) keeps the kind's icon,
 * so the menu still tells models, reports and links apart.
 */
export function MenuIcon({ node, size = 18 }: { node: MenuNode; size?: number }) {
  const Named = node.icon && node.icon !== 'icon-ym icon-ym-generator-menu' ? NAMED[node.icon as MenuIconName] : undefined;
  if (Named) return <Named size={size} />;
  switch (node.kind) {
    case 'directory':
    case 'group':
      return <IconFolder size={size} />;
    case 'model':
      return <IconForms size={size} />;
    case 'dictionary':
      return <IconListDetails size={size} />;
    case 'report':
      return <IconChartBar size={size} />;
    case 'portal':
      return <IconLayoutDashboard size={size} />;
    case 'visualisation':
      return <IconDeviceDesktopAnalytics size={size} />;
    case 'externalLink':
      return <IconExternalLink size={size} />;
    default:
      return <IconFileText size={size} />;
  }
}
