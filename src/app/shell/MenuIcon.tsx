import { IconChartBar, IconDeviceDesktopAnalytics, IconExternalLink, IconFileText, IconFolder, IconForms, IconLayoutDashboard, IconListDetails } from '@tabler/icons-react';
import type { MenuNode } from '../../runtime/menu/routes';

/** An icon per menu kind (the menu's own icon-font names have no font in this product). */
export function MenuIcon({ node, size = 18 }: { node: MenuNode; size?: number }) {
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
