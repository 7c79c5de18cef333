import type { PositionRow } from '../../../db/schema';
import type { DbOrTrx } from '../../dictionary/repository';

export function findPosition(db: DbOrTrx, id: string) {
  return db.selectFrom('basePosition').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Enabled positions in display order, optionally only those of some organisations. */
export function enabledPositions(db: DbOrTrx, organizeIds?: readonly string[]): Promise<PositionRow[]> {
  let q = db.selectFrom('basePosition').selectAll().where('enabledMark', '=', 1);
  if (organizeIds) {
    if (organizeIds.length === 0) return Promise.resolve([]);
    q = q.where('organizeId', 'in', [...organizeIds]);
  }
  return q.orderBy('sortCode').orderBy('createdAt').orderBy('id').execute();
}

/** True while a user holds the position: as their major position or among their positions. */
export async function positionHeld(db: DbOrTrx, id: string): Promise<boolean> {
  const major = await db.selectFrom('baseUser').select('id').where('positionId', '=', id).limit(1).executeTakeFirst();
  if (major) return true;
  const related = await db.selectFrom('baseUserRelation').select('id').where('objectType', '=', 'Position').where('objectId', '=', id).limit(1).executeTakeFirst();
  return Boolean(related);
}
