import type { PermissionCode } from '../../src/runtime/permissions';

/**
 * The API permission codes a granted menu entry carries, by the entry's enCode (schemas/menu.json).
 * A role granted the 角色管理 page may call the role routes without a second, separate 'api'
 * grant: the grant screens show menus, so menus are what administrators grant. Explicit 'api'
 * grants still add codes on their own (roles made before the grant screens existed).
 */
export const MENU_API_CODES: Readonly<Record<string, readonly PermissionCode[]>> = {
  'permission.organize': ['permission.organize:manage'],
  'permission.position': ['permission.position:manage'],
  'permission.group': ['permission.group:manage'],
  'permission.role': ['permission.role:manage'],
  'permission.user': ['permission.user:manage'],
  'system.onlineUser': ['permission.user:manage'],
  'system.customerFunds': ['business.funds:manage'],
  'system.sysConfig': ['system.config:read', 'system.config:update'],
  'system.synThird': ['system.config:read', 'system.config:update'],
  'system.menu': ['system.menu:manage'],
  'system.area': ['system.area:manage'],
  'system.dataInterface': ['system.dataInterface:manage'],
  'system.billRule': ['system.billRule:manage'],
  'system.printDev': ['system.printDev:manage'],
  'system.printDevEditor': ['system.printDev:manage'],
  'system.printLog': ['system.printDev:manage'],
  'system.loginLog': ['system.log:read'],
  'system.requestLog': ['system.log:read'],
  'system.auditLog': ['system.log:read'],
  'system.messageTemplate': ['message.notice:manage'],
  'system.notice': ['message.notice:manage'],
  'systemData.dictionary': ['system.dictionary:manage'],
  'onlineDev.webDesign': ['visualdev.model:manage'],
};
