import type { Db } from '../../db';
import type { Principal } from '../../auth/principal';
import { bumpAccessVersion } from '../../auth/access-version';
import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';

/**
 * System configuration's adminIds (spec 6): the set of system administrators, read and written
 * through SysConfig. It is a view of the users' own administrator flag, so there is one truth
 * that every check (principal, user management) already reads.
 */
export async function readAdminIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('baseUser').select('id').where('isAdministrator', '=', 1).orderBy('createdAt').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/**
 * Makes exactly `wanted` the administrators, inside the caller's transaction `trx`. Only an
 * administrator may, they cannot drop themselves (no one locks the door from outside), and every
 * id must be an enabled user.
 */
export async function writeAdminIds(trx: Db, caller: Principal, wanted: readonly string[]): Promise<void> {
  if (!caller.isAdministrator) throw new AppError(ReplyCode.forbidden, 'users.adminIdsOnlyAdmin');
  const ids = [...new Set(wanted)];
  if (ids.length === 0) throw refuse('users.adminIdsEmpty');
  if (!ids.includes(caller.user.id)) throw refuse('users.adminIdsKeepSelf');
  const found = await trx.selectFrom('baseUser').select('id').where('id', 'in', ids).where('enabledMark', '=', 1).execute();
  if (found.length !== ids.length) throw refuse('users.adminIdsUnknown');
  await trx.updateTable('baseUser').set({ isAdministrator: 0 }).where('isAdministrator', '=', 1).where('id', 'not in', ids).execute();
  await trx.updateTable('baseUser').set({ isAdministrator: 1 }).where('id', 'in', ids).execute();
  await bumpAccessVersion(trx);
}
