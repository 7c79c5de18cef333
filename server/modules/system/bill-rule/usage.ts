import type { Principal } from '../../../auth/principal';
import type { Db } from '../../../db';
import { releasedModel } from '../../visualdev/model-store';
import { serialFieldsOf } from './number';

/** Whether a released model's form has a serial field of the rule; a model that no longer compiles has none. */
async function modelUses(db: Db, modelId: string, code: string): Promise<boolean> {
  try {
    return serialFieldsOf(await releasedModel(db, modelId)).some((s) => s.rule === code);
  } catch {
    return false;
  }
}

/** The released models whose forms draw numbers from the rule (compiled models are cached per definition). */
export async function modelsUsingRule(db: Db, code: string): Promise<{ id: string; fullName: string }[]> {
  const heads = await db.selectFrom('baseVisualdev').select(['id', 'fullName']).where('releasedAt', 'is not', null).orderBy('fullName').execute();
  const out: { id: string; fullName: string }[] = [];
  for (const head of heads) if (await modelUses(db, head.id, code)) out.push(head);
  return out;
}

/**
 * Who may draw a number with GET BillNumber/{code} (each draw uses a number up): administrators
 * and rule managers; anyone else only from a rule that a form they are granted (a menu entry
 * opening its model) draws from, as the product's client does when such a form opens.
 */
export async function mayDraw(db: Db, principal: Principal, code: string): Promise<boolean> {
  if (principal.isAdministrator || principal.permissions.has('system.billRule:manage')) return true;
  for (const modelId of principal.grants?.menusByModel.keys() ?? []) if (await modelUses(db, modelId, code)) return true;
  return false;
}
