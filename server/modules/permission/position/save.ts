import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import type { PositionRow } from '../../../db/schema';
import { bumpAccessVersion } from '../../../auth/access-version';
import { refuse } from '../../../http/errors';
import { audit, type AuditActor } from '../../../audit/record';
import { validateNamed, validateType, uniqueAsRefusal, type NamedInput } from '../entity-form';

export interface PositionInput extends NamedInput {
  organizeId?: string | null;
  type?: string | null;
}

/**
 * Creates (no `existing`) or updates a position in one transaction: its organisation exists,
 * its code is unique and its name unique within the organisation.
 */
export async function savePosition(db: Db, input: PositionInput, existing: PositionRow | undefined, actor: AuditActor): Promise<string> {
  const named = validateNamed(input);
  const organizeId = input.organizeId?.trim();
  if (!organizeId) throw refuse('position.organizeRequired');
  const values = { ...named, organizeId, type: validateType(input.type) };
  const saving = db.transaction().execute(async (trx) => {
    const id = existing?.id ?? newId();
    if (!(await trx.selectFrom('baseOrganize').select('id').where('id', '=', organizeId).executeTakeFirst())) throw refuse('position.organizeNotFound');
    const clash = (column: 'enCode' | 'fullName', value: string) => {
      let q = trx.selectFrom('basePosition').select('id').where(column, '=', value).where('id', '<>', id);
      if (column === 'fullName') q = q.where('organizeId', '=', organizeId);
      return q.executeTakeFirst();
    };
    if (await clash('enCode', values.enCode)) throw refuse('position.codeExists');
    if (await clash('fullName', values.fullName)) throw refuse('position.nameExists');
    if (existing) await trx.updateTable('basePosition').set(values).where('id', '=', id).execute();
    else await trx.insertInto('basePosition').values({ id, ...values, createdAt: Date.now() }).execute();
    await audit(trx, actor, { entity: 'position', entityId: id, action: existing ? 'update' : 'create', before: existing, after: { ...existing, ...values } });
    await bumpAccessVersion(trx);
    return id;
  });
  return uniqueAsRefusal(saving, 'position.codeExists');
}
