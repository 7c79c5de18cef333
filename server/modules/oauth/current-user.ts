import { isIP } from 'node:net';
import type { Db } from '../../db';
import type { ModuleItemRow, ModuleRow } from '../../db/schema';
import type { Principal } from '../../auth/principal';
import type { Locale } from '../../../src/runtime/i18n';
import { translate } from '../../../src/runtime/i18n';
import { textIn, type Translations } from '../../../src/runtime/i18n/texts';
import { nameIn, translationsOf } from '../../http/translations';
import { publicSysConfig, type SysConfig } from '../system/config-store';
import { layoutOf } from './sign-in';
import { preferencesOf, readProfile } from '../current-user/profile-repo';

export interface MenuNode {
  id: string;
  parentId: string;
  enCode: string;
  /** The own title; the browser shows fullName_i18n[its language] when there is one (it switches without asking again). */
  fullName: string;
  fullName_i18n: Translations | null;
  type: number;
  icon: string | null;
  urlAddress: string | null;
  linkTarget: string | null;
  propertyJson: string | null;
  sortCode: number;
  isHidden: number;
  hasChildren: boolean;
  children: MenuNode[];
}

/** Menu types that are pages (everything but directories and menu groups). */
const PAGE_TYPES = new Set([2, 3, 4, 5, 6, 7, 8]);

/** The systems of the user; every user belongs to every enabled system, the first one is current. */
async function systemsOf(db: Db) {
  const systems = await db.selectFrom('baseSystem').select(['id', 'fullName']).where('enabledMark', '=', 1).orderBy('sortCode').orderBy('id').execute();
  return systems.map((s, i) => ({ id: s.id, fullName: s.fullName, currentSystem: i === 0 }));
}

/** The modules the roles grant (administrators: all), enabled, of one system, in menu order. */
async function visibleModules(db: Db, principal: Principal, systemId: string): Promise<ModuleRow[]> {
  let query = db.selectFrom('baseModule').selectAll().where('systemId', '=', systemId).where('enabledMark', '=', 1);
  if (!principal.isAdministrator) {
    if (principal.roleIds.length === 0) return [];
    query = query.where('id', 'in', (eb) =>
      eb.selectFrom('baseAuthorize').select('itemId').where('objectType', '=', 'Role').where('objectId', 'in', principal.roleIds).where('itemType', '=', 'module'),
    );
  }
  return query.orderBy('sortCode').orderBy('id').execute();
}

/**
 * Builds the tree. An entry whose parent is not visible is dropped with its subtree: a grant of
 * a page without its directory is a configuration slip, and deny-by-default is the safe reading.
 */
export function buildMenuTree(rows: readonly ModuleRow[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id, parentId: r.parentId, enCode: r.enCode, fullName: r.fullName, fullName_i18n: translationsOf(r.fullNameI18n), type: r.type, icon: r.icon, urlAddress: r.urlAddress,
      linkTarget: r.linkTarget, propertyJson: r.propertyJson, sortCode: r.sortCode, isHidden: r.isHidden, hasChildren: false, children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    if (node.parentId === '-1') roots.push(node);
    else nodes.get(node.parentId)?.children.push(node);
  }
  const finish = (list: MenuNode[]) => {
    list.sort((a, b) => a.sortCode - b.sortCode);
    for (const n of list) {
      n.hasChildren = n.children.length > 0;
      finish(n.children);
    }
  };
  finish(roots);
  return roots;
}

function flatten(tree: MenuNode[], out: MenuNode[] = []): MenuNode[] {
  for (const n of tree) {
    out.push(n);
    flatten(n.children, out);
  }
  return out;
}

type ItemView = { enCode: string; fullName: string };
export interface PermissionEntry {
  modelId: string;
  moduleName: string;
  button: ItemView[];
  column: ItemView[];
  form: ItemView[];
}

/** Button, column and form codes per page in the menu, named in the caller's language; non-administrators get granted items only. */
async function permissionList(db: Db, principal: Principal, pages: MenuNode[], locale: Locale): Promise<PermissionEntry[]> {
  if (pages.length === 0) return [];
  let query = db.selectFrom('baseModuleItem').selectAll().where('moduleId', 'in', pages.map((p) => p.id));
  if (!principal.isAdministrator) {
    if (principal.roleIds.length === 0) return [];
    query = query.where('id', 'in', (eb) =>
      eb.selectFrom('baseAuthorize').select('itemId').where('objectType', '=', 'Role').where('objectId', 'in', principal.roleIds).where('itemType', 'in', ['button', 'column', 'form']),
    );
  }
  const items: ModuleItemRow[] = await query.orderBy('sortCode').execute();
  const byModule = new Map<string, ModuleItemRow[]>();
  for (const item of items) byModule.set(item.moduleId, [...(byModule.get(item.moduleId) ?? []), item]);
  const view = (list: ModuleItemRow[], kind: ModuleItemRow['kind']) => list.filter((i) => i.kind === kind).map((i) => ({ enCode: i.enCode, fullName: nameIn(locale, i) }));
  return pages
    .filter((p) => byModule.has(p.id))
    .map((p) => {
      const list = byModule.get(p.id)!;
      return { modelId: p.id, moduleName: textIn(locale, p.fullName, p.fullName_i18n), button: view(list, 'button'), column: view(list, 'column'), form: view(list, 'form') };
    });
}

/** Private, loopback and link-local addresses are the local network; there is no geo database. */
export function ipPlaceName(ip: string | null, locale: Locale): string | null {
  if (!ip) return null;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const local =
    (isIP(v4) === 4 && /^(10\.|127\.|192\.168\.|169\.254\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4)) ||
    (isIP(ip) === 6 && /^(::1$|fe80:|fc|fd)/i.test(ip));
  return translate(locale, local ? 'oauth.ipLocal' : 'oauth.ipUnknown');
}

export async function organisationOf(db: Db, organizeId: string | null) {
  if (!organizeId) return { department: null, departmentName: null, organizeName: null };
  // Walk up to the nearest company; the tree is shallow, a few look-ups at most.
  const chain: { id: string; parentId: string; category: string; fullName: string }[] = [];
  let id: string | undefined = organizeId;
  while (id && id !== '-1' && chain.length < 20) {
    const row = await db.selectFrom('baseOrganize').select(['id', 'parentId', 'category', 'fullName']).where('id', '=', id).executeTakeFirst();
    if (!row) break;
    chain.push(row);
    if (row.category === 'company') break;
    id = row.parentId;
  }
  const own = chain[0];
  const company = chain.find((o) => o.category === 'company');
  return {
    department: own?.category === 'department' ? own.id : null,
    departmentName: own?.category === 'department' ? own.fullName : null,
    organizeName: company?.fullName ?? own?.fullName ?? null,
  };
}

async function userInfo(db: Db, principal: Principal, config: SysConfig, locale: Locale, systems: Awaited<ReturnType<typeof systemsOf>>) {
  const u = principal.user;
  const positions = await db
    .selectFrom('baseUserRelation')
    .innerJoin('basePosition', 'basePosition.id', 'baseUserRelation.objectId')
    .select(['basePosition.id', 'basePosition.fullName'])
    .where('baseUserRelation.userId', '=', u.id)
    .where('baseUserRelation.objectType', '=', 'Position')
    .execute();
  const major = positions.find((p) => p.id === u.positionId) ?? positions[0];
  const org = await organisationOf(db, u.organizeId);
  return {
    userId: u.id,
    userAccount: u.account,
    account: u.account,
    userName: u.realName,
    realName: u.realName,
    headIcon: u.headIcon,
    portalId: u.portalId,
    signImg: u.signImg,
    changePasswordDate: u.changePasswordDate,
    systemIds: systems,
    organizeId: u.organizeId,
    positionIds: positions.map((p) => ({ id: p.id })),
    positionId: major?.id ?? null,
    positionName: major?.fullName ?? null,
    ...org,
    prevLogin: u.prevLoginTime !== null ? 1 : 0,
    prevLoginTime: u.prevLoginTime,
    prevLoginIPAddress: u.prevLoginIp,
    prevLoginIPAddressName: ipPlaceName(u.prevLoginIp, locale),
    isAdministrator: principal.isAdministrator,
    userKind: u.userKind,
    theme: layoutOf(u, config),
    language: u.language,
    preferences: preferencesOf(u, await readProfile(db, u.id), config),
    // The shell opens the forced reset-password dialog (spec 2.6) when this is true.
    mustChangePassword: config.mandatoryModificationOfInitialPassword === 1 && u.changePasswordDate === null,
    permissionCodes: [...principal.permissions].sort(),
  };
}

/** Everything the browser needs after sign-in to build its menu, routes and gates (spec 3, "Info response"). */
export async function currentUser(db: Db, principal: Principal, config: SysConfig, locale: Locale) {
  const systems = await systemsOf(db);
  const current = systems.find((s) => s.currentSystem);
  const menuList = current ? buildMenuTree(await visibleModules(db, principal, current.id)) : [];
  const routerList = flatten(menuList)
    .filter((n) => PAGE_TYPES.has(n.type))
    .map(({ children: _children, ...rest }) => ({ ...rest, hasChildren: false }));
  return {
    menuList,
    routerList,
    permissionList: await permissionList(db, principal, flatten(menuList), locale),
    userInfo: await userInfo(db, principal, config, locale, systems),
    sysConfigInfo: publicSysConfig(config),
  };
}
