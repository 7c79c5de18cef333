import type { Db } from '../../../db';
import type { GrantSet } from '../../../auth/grants';
import { AppError } from '../../../http/errors';
import { ReplyCode } from '../../../../src/runtime/codes';
import type { GrantArea } from './role-grants';

/**
 * No one hands out what they do not hold: a grantor who is not an administrator may add or take
 * away, on any role, only menus, buttons, columns, form fields, data schemes and API codes they
 * hold themselves (their own grants, `grantor`). Otherwise `permission.role:manage` alone would
 * let its holder grant their own role the whole console. Administrators (grantor null) grant all.
 */
export async function checkGrantorHolds(
  db: Db,
  grantor: GrantSet | null,
  changed: ReadonlyMap<GrantArea, readonly string[]>,
): Promise<void> {
  if (!grantor) return;
  const beyond: string[] = [];
  for (const id of changed.get('module') ?? []) if (!grantor.menus.has(id)) beyond.push(id);
  for (const kind of ['button', 'column', 'form'] as const) {
    const ids = changed.get(kind) ?? [];
    if (!ids.length) continue;
    const items = await db.selectFrom('baseModuleItem').select(['id', 'moduleId', 'enCode']).where('id', 'in', [...ids]).execute();
    for (const id of ids) {
      const item = items.find((i) => i.id === id);
      if (!item || !grantor.menus.get(item.moduleId)?.[kind].has(item.enCode)) beyond.push(id);
    }
  }
  for (const id of changed.get('resource') ?? []) if (![...grantor.menus.values()].some((m) => m.schemes.some((s) => s.id === id))) beyond.push(id);
  for (const code of changed.get('api') ?? []) if (!(grantor.permissions as ReadonlySet<string>).has(code)) beyond.push(code);
  if (beyond.length) throw new AppError(ReplyCode.forbidden, 'authority.beyondOwnGrants', { ids: beyond.slice(0, 10).join(', ') });
}
