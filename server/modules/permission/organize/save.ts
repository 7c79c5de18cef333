import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import type { OrganizeRow } from '../../../db/schema';
import { bumpAccessVersion } from '../../../auth/access-version';
import { subtreeIds } from '../../../auth/org-tree';
import { refuse } from '../../../http/errors';
import { audit, type AuditActor } from '../../../audit/record';
import { validateNamed, uniqueAsRefusal, type NamedInput } from '../entity-form';
import { listOrganizes } from './repository';
import { parentsOf } from './views';

export interface OrganizeInput extends NamedInput {
  parentId?: string | null;
  managerId?: string | null;
}

const ROOT = '-1';

/**
 * The form's own rules (no database). Without a parent an edited node keeps its own, a new
 * company is a top company and a new department is refused; without managerId an edited node
 * keeps its manager (null clears it).
 */
function validateOrganize(input: OrganizeInput, category: OrganizeRow['category'], existing?: OrganizeRow) {
  const named = validateNamed(input);
  const parentId = input.parentId?.trim() || existing?.parentId || (category === 'company' ? ROOT : '');
  if (!parentId || (category === 'department' && parentId === ROOT)) throw refuse('organize.parentRequired');
  const managerId = input.managerId === undefined ? (existing?.managerId ?? null) : input.managerId?.trim() || null;
  return { ...named, parentId, managerId };
}

/**
 * Creates (no `existing`) or updates a company or department in one transaction: the parent
 * exists, is not the node or below it, fits the category (a company's parent is a company or
 * the top); the code is unique, the name unique among its siblings, the manager a user. The
 * tree decides data scope, so the access counter moves with it.
 */
export async function saveOrganize(db: Db, category: OrganizeRow['category'], input: OrganizeInput, existing: OrganizeRow | undefined, actor: AuditActor): Promise<string> {
  const values = validateOrganize(input, existing?.category ?? category, existing);
  const saving = db.transaction().execute(async (trx) => {
    const all = await listOrganizes(trx);
    const id = existing?.id ?? newId();
    if (values.parentId !== ROOT) {
      const parent = all.find((o) => o.id === values.parentId);
      if (!parent) throw refuse('organize.parentNotFound');
      if (existing && subtreeIds(parentsOf(all), [existing.id]).includes(parent.id)) throw refuse('organize.parentCycle');
      if ((existing?.category ?? category) === 'company' && parent.category !== 'company') throw refuse('organize.companyParentInvalid');
    }
    if (all.some((o) => o.id !== id && o.enCode === values.enCode)) throw refuse('organize.codeExists');
    if (all.some((o) => o.id !== id && o.parentId === values.parentId && o.fullName === values.fullName)) throw refuse('organize.nameExists');
    if (values.managerId && !(await trx.selectFrom('baseUser').select('id').where('id', '=', values.managerId).executeTakeFirst())) throw refuse('organize.managerNotFound');
    if (existing) await trx.updateTable('baseOrganize').set(values).where('id', '=', id).execute();
    else await trx.insertInto('baseOrganize').values({ id, category, ...values, createdAt: Date.now() }).execute();
    await audit(trx, actor, { entity: 'organize', entityId: id, action: existing ? 'update' : 'create', before: existing, after: { category, ...existing, ...values } });
    await bumpAccessVersion(trx);
    return id;
  });
  return uniqueAsRefusal(saving, 'organize.codeExists');
}
