import type { Static } from 'typebox';
import type { Db } from '../../../db';
import { subtreeIds } from '../../../auth/org-tree';
import type { PickerNode } from './schemas';
import { organizeVisible, type PickerScope } from './visibility';

type Node = Static<typeof PickerNode>;

const ORG_ICON = { company: 'icon-ym icon-ym-tree-organization3', department: 'icon-ym icon-ym-tree-department1' } as const;
export const USER_ICON = 'icon-ym icon-ym-tree-user2';

/**
 * The organisation tree as the pickers see it: the organisations of the scope, and the enabled
 * users of each (major or related membership). Read whole: organisations are thousands at most.
 */
export async function pickerTree(db: Db, scope: PickerScope) {
  const orgs = (await db.selectFrom('baseOrganize').select(['id', 'parentId', 'fullName', 'enCode', 'category']).orderBy('sortCode').orderBy('id').execute()).filter(
    (o) => organizeVisible(scope, o.id),
  );
  const visible = new Set(orgs.map((o) => o.id));
  const users = await db
    .selectFrom('baseUser')
    .select(['id', 'account', 'realName', 'headIcon', 'organizeId'])
    .where('enabledMark', '=', 1)
    .where('userKind', '!=', 'anonymous')
    .orderBy('account')
    .execute();
  const relations = await db.selectFrom('baseUserRelation').select(['userId', 'objectId']).where('objectType', '=', 'Organize').execute();
  const membersOf = new Map<string, Set<string>>();
  const add = (orgId: string | null, userId: string) => {
    if (!orgId || !visible.has(orgId)) return;
    const set = membersOf.get(orgId) ?? new Set<string>();
    set.add(userId);
    membersOf.set(orgId, set);
  };
  const userIds = new Set(users.map((u) => u.id));
  for (const u of users) add(u.organizeId, u.id);
  for (const r of relations) if (userIds.has(r.userId)) add(r.objectId, r.userId);
  const children = new Map<string, typeof orgs>();
  for (const o of orgs) {
    const key = visible.has(o.parentId) ? o.parentId : '-1';
    children.set(key, [...(children.get(key) ?? []), o]);
  }
  const parents = new Map(orgs.map((o) => [o.id, o.parentId]));
  const userCount = (orgId: string) => {
    const seen = new Set<string>();
    for (const id of subtreeIds(parents, [orgId])) for (const u of membersOf.get(id) ?? []) seen.add(u);
    return seen.size;
  };
  const byId = new Map(users.map((u) => [u.id, u]));
  const orgName = new Map(orgs.map((o) => [o.id, o.fullName]));

  const orgNode = (o: (typeof orgs)[number], parentId: string, nested: boolean): Node => {
    const kids = nested ? [...(children.get(o.id) ?? []).map((c) => orgNode(c, o.id, true)), ...userNodes(o.id)] : [];
    const hasChildren = (children.get(o.id)?.length ?? 0) > 0 || (membersOf.get(o.id)?.size ?? 0) > 0;
    return {
      id: o.id, parentId, fullName: o.fullName, enCode: o.enCode, type: o.category, icon: ORG_ICON[o.category] ?? ORG_ICON.department,
      userCount: userCount(o.id), hasChildren, isLeaf: !hasChildren, children: kids,
    };
  };
  const userNodes = (orgId: string): Node[] =>
    [...(membersOf.get(orgId) ?? [])].map((id) => {
      const u = byId.get(id)!;
      return { id: u.id, parentId: orgId, fullName: `${u.realName}/${u.account}`, type: 'user', icon: USER_ICON, headIcon: u.headIcon, organize: orgName.get(orgId) ?? '', hasChildren: false, isLeaf: true, children: [] };
    });

  return {
    /** The whole tree, users as leaves. */
    full: (): Node[] => (children.get('-1') ?? []).map((o) => orgNode(o, '-1', true)),
    /** One level: the roots ('0'), or the sub-organisations and users of one organisation. */
    level: (organizeId: string): Node[] => {
      if (organizeId === '0' || organizeId === '-1') return (children.get('-1') ?? []).map((o) => orgNode(o, '0', false));
      if (!visible.has(organizeId)) return [];
      return [...(children.get(organizeId) ?? []).map((o) => orgNode(o, organizeId, false)), ...userNodes(organizeId)];
    },
  };
}
