import type { OrganizeRow } from '../../../db/schema';
import type { DbOrTrx } from '../../dictionary/repository';
import { ancestorIds } from '../../../auth/org-tree';

export type OrganizeSummary = Pick<OrganizeRow, 'id' | 'parentId' | 'fullName' | 'category' | 'sortCode' | 'enabledMark'>;

/**
 * The organisation tree as the role calls need it: rows in display order, the parent map the
 * shared walks (server/auth/org-tree.ts) take, and each organisation's path of names.
 */
export async function loadOrganizes(db: DbOrTrx) {
  const rows: OrganizeSummary[] = await db
    .selectFrom('baseOrganize')
    .select(['id', 'parentId', 'fullName', 'category', 'sortCode', 'enabledMark'])
    .orderBy('sortCode')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const byId = new Map(rows.map((o) => [o.id, o]));
  const parents = new Map(rows.map((o) => [o.id, o.parentId]));
  /** Ids from the root down to `id`. */
  const pathIds = (id: string) => ancestorIds(parents, id).reverse();
  const pathName = (id: string) => pathIds(id).map((at) => byId.get(at)!.fullName).join('/');
  return { rows, byId, parents, pathIds, pathName };
}

export type Organizes = Awaited<ReturnType<typeof loadOrganizes>>;


/** The organisations a user belongs to: the major one and those of their 'Organize' user relations. */
export async function userOrganizeIds(db: DbOrTrx, userId: string, majorId: string | null): Promise<string[]> {
  const related = await db.selectFrom('baseUserRelation').select('objectId').where('userId', '=', userId).where('objectType', '=', 'Organize').execute();
  return [...new Set([...(majorId ? [majorId] : []), ...related.map((r) => r.objectId)])];
}
