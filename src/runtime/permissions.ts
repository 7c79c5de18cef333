/**
 * The one vocabulary of server-side permission codes (`resource:action`). Routes declare
 * them in their `access` option; roles are granted them (authorize item type 'api');
 * the browser reads the same list from CurrentUser to gate admin screens.
 * Administrators hold every code.
 */
export const PERMISSION_CODES = [
  'system.config:read',
  'system.config:update',
  'permission.organize:manage',
  'permission.user:manage',
  'permission.role:manage',
  'permission.position:manage',
  'permission.group:manage',
  'system.menu:manage',
  'system.dictionary:manage',
  'system.area:manage',
  'system.dataInterface:manage',
  'system.billRule:manage',
  'system.printDev:manage',
  'message.notice:manage',
  'visualdev.model:manage',
  'system.log:read',
  'business.funds:manage',
  'business.goods:manage',
  'business.orders:manage',
  'business.outbound:manage',
  'business.invoice:manage',
  'business.certification:review',
  'workflow.engine:manage',
  'workflow.task:manage',
] as const;

export type PermissionCode = (typeof PERMISSION_CODES)[number];

export function isPermissionCode(value: string): value is PermissionCode {
  return (PERMISSION_CODES as readonly string[]).includes(value);
}
