import type { Static } from 'typebox';
import type { Db } from '../../../db';
import { subtreeIds } from '../../../auth/org-tree';
import { inOrganizes } from './read';
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
    /** The whole tree, users as leaves (one level at a time: pickerLevel). */
    full: (): Node[] => (children.get('-1') ?? []).map((o) => orgNode(o, '-1', true)),
  };
}

type OrgRow = { id: string; parentId: string; fullName: string; enCode: string; category: string };

/**
 * One level of the user picker (getOrganization), without reading every user: the counts come
 * from one grouped count of major memberships plus the related memberships (few), and only the
 * opened organisation's own users are read (the level of pickerTree's whole tree); reading
 * every user on each click cost 40-80 ms at 10,000 users (bench/pickers.ts).
 */
export async function pickerLevel(db: Db, scope: PickerScope, organizeId: string): Promise<Node[]> {
  const orgs: OrgRow[] = (await db.selectFrom('baseOrganize').select(['id', 'parentId', 'fullName', 'enCode', 'category']).orderBy('sortCode').orderBy('id').execute()).filter((o) =>
    organizeVisible(scope, o.id),
  );
  const visible = new Set(orgs.map((o) => o.id));
  const atTop = organizeId === '0' || organizeId === '-1';
  if (!atTop && !visible.has(organizeId)) return [];
  const children = new Map<string, OrgRow[]>();
  for (const o of orgs) {
    const key = visible.has(o.parentId) ? o.parentId : '-1';
    (children.get(key) ?? children.set(key, []).get(key)!).push(o);
  }
  const shown = children.get(atTop ? '-1' : organizeId) ?? [];
  const real = { enabled: 1, notKind: 'anonymous' };
  const majors = await db
    .selectFrom('baseUser')
    .select((eb) => ['organizeId', eb.fn.countAll<number>().as('n')])
    .where('enabledMark', '=', real.enabled)
    .where('userKind', '!=', real.notKind)
    .groupBy('organizeId')
    .execute();
  const majorCount = new Map(majors.map((m) => [m.organizeId, Number(m.n)]));
  const related = await db
    .selectFrom('baseUserRelation as r')
    .innerJoin('baseUser as u', 'u.id', 'r.userId')
    .select(['r.userId', 'r.objectId', 'u.organizeId'])
    .where('r.objectType', '=', 'Organize')
    .where('u.enabledMark', '=', real.enabled)
    .where('u.userKind', '!=', real.notKind)
    .execute();
  const parents = new Map(orgs.map((o) => [o.id, o.parentId]));
  const userCount = (orgId: string) => {
    const within = new Set(subtreeIds(parents, [orgId]));
    let n = 0;
    for (const id of within) n += majorCount.get(id) ?? 0;
    // a related member counts once, and not when their major organisation is already counted
    const extra = new Set(related.filter((r) => within.has(r.objectId) && !(r.organizeId && within.has(r.organizeId))).map((r) => r.userId));
    return n + extra.size;
  };
  const hasMembers = (orgId: string) => (majorCount.get(orgId) ?? 0) > 0 || related.some((r) => r.objectId === orgId);
  const levelParent = atTop ? '0' : organizeId;
  const nodes: Node[] = shown.map((o) => {
    const hasChildren = (children.get(o.id)?.length ?? 0) > 0 || hasMembers(o.id);
    return {
      id: o.id, parentId: levelParent, fullName: o.fullName, enCode: o.enCode, type: o.category, icon: ORG_ICON[o.category as keyof typeof ORG_ICON] ?? ORG_ICON.department,
      userCount: userCount(o.id), hasChildren, isLeaf: !hasChildren, children: [],
    };
  });
  if (atTop) return nodes;
  const users = await db
    .selectFrom('baseUser')
    .select(['baseUser.id', 'baseUser.account', 'baseUser.realName', 'baseUser.headIcon'])
    .where('baseUser.enabledMark', '=', real.enabled)
    .where('baseUser.userKind', '!=', real.notKind)
    .where(inOrganizes([organizeId]))
    .orderBy('baseUser.account')
    .execute();
  const orgName = orgs.find((o) => o.id === organizeId)!.fullName;
  return [
    ...nodes,
    ...users.map((u) => ({ id: u.id, parentId: organizeId, fullName: `${u.realName}/${u.account}`, type: 'user', icon: USER_ICON, headIcon: u.headIcon, organize: orgName, hasChildren: false, isLeaf: true, children: [] })),
  ];
}
