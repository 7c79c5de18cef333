import type { Db } from '../../db';
import type { Principal } from '../../auth/principal';
import { AppError } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';

/**
 * Who sees a flow (its detail and its print): its initiator, its approvers, those it was copied
 * to, supervisors (workflow.task:manage) and administrators; anyone else is told it does not exist.
 */
export async function visibleTask(db: Db, principal: Principal, taskId: string) {
  const me = principal.user.id;
  const task = await db.selectFrom('flowTask').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task) throw new AppError(ReplyCode.notFound, 'flow.taskNotFound');
  const mine = await db.selectFrom('flowOperator').selectAll().where('taskId', '=', task.id).where('userId', '=', me).orderBy('createdAt', 'desc').execute();
  const copied = await db.selectFrom('flowCirculate').select('id').where('taskId', '=', task.id).where('userId', '=', me).executeTakeFirst();
  const mayManage = principal.permissions.has('workflow.task:manage');
  if (task.creatorUserId !== me && mine.length === 0 && !copied && !principal.isAdministrator && !mayManage) throw new AppError(ReplyCode.notFound, 'flow.taskNotFound');
  return { task, mine, copied: copied ?? null, mayManage };
}
