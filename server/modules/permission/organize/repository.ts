import type { MessageKey } from '../../../../src/runtime/i18n';
import type { OrganizeRow } from '../../../db/schema';
import type { DbOrTrx } from '../../dictionary/repository';

/** Every company and department in display order (the tree is small: see server/auth/org-tree.ts). */
export function listOrganizes(db: DbOrTrx): Promise<OrganizeRow[]> {
  return db.selectFrom('baseOrganize').selectAll().orderBy('sortCode').orderBy('createdAt').orderBy('id').execute();
}

export function findOrganize(db: DbOrTrx, id: string) {
  return db.selectFrom('baseOrganize').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Real names of users by id (managers shown beside their organisation). */
export async function userNames(db: DbOrTrx, ids: Iterable<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('baseUser').select(['id', 'realName']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.realName]));
}

async function exists(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return Boolean(await query.executeTakeFirst());
}

/**
 * Why an organisation cannot be deleted, or null: organisations below it, users whose major
 * organisation it is or who belong to it, positions in it, roles of it.
 */
export async function organizeInUse(db: DbOrTrx, id: string): Promise<MessageKey | null> {
  if (await exists(db.selectFrom('baseOrganize').select('id').where('parentId', '=', id).limit(1))) return 'organize.hasChildren';
  if (await exists(db.selectFrom('baseUser').select('id').where('organizeId', '=', id).limit(1))) return 'organize.hasUsers';
  if (await exists(db.selectFrom('baseUserRelation').select('id').where('objectType', '=', 'Organize').where('objectId', '=', id).limit(1))) return 'organize.hasUsers';
  if (await exists(db.selectFrom('basePosition').select('id').where('organizeId', '=', id).limit(1))) return 'organize.hasPositions';
  if (await exists(db.selectFrom('baseOrganizeRelation').select('id').where('objectType', '=', 'Role').where('organizeId', '=', id).limit(1))) return 'organize.hasRoles';
  return null;
}
