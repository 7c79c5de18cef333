import { isIP } from 'node:net';
import type { Db } from '../../db';
import type { ModuleItemRow, ModuleRow, SystemRow } from '../../db/schema';
import type { Principal } from '../../auth/principal';
import type { Locale } from '../../../src/runtime/i18n';
import { translate } from '../../../src/runtime/i18n';
import { textIn, type Translations } from '../../../src/runtime/i18n/texts';
import { nameIn, translationsOf } from '../../http/translations';
import { publicSysConfig, type SysConfig } from '../system/config-store';
import { layoutOf } from './sign-in';
import { passwordExpiry } from '../../auth/password-policy';
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

/** Every enabled system in order; the user's are those where they see a menu (systems have no membership table yet). */
async function enabledSystems(db: Db): Promise<SystemRow[]> {
  return db.selectFrom('baseSystem').selectAll().where('enabledMark', '=', 1).orderBy('sortCode').orderBy('id').execute();
}

/** The modules the roles grant (administrators: all), enabled, of one system, in menu order. */
async function visibleModules(db: Db, principal: Principal, systemId: string): Promise<ModuleRow[]> {
  let query = db.selectFrom('baseModule').selectAll().where('systemId', '=', systemId).where('enabledMark', '=', 1);
  if (!principal.isAdministrator) {
    // the principal's grants (server/auth/grants.ts): the union over the user's roles in force
    const granted = [...(principal.grants?.menus.keys() ?? [])];
    if (granted.length === 0) return [];
    query = query.where('id', 'in', granted);
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
  const query = db.selectFrom('baseModuleItem').selectAll().where('moduleId', 'in', pages.map((p) => p.id));
  let items: ModuleItemRow[] = await query.orderBy('sortCode').execute();
  if (!principal.isAdministrator) {
    const menus = principal.grants?.menus;
    items = items.filter((i) => menus?.get(i.moduleId)?.[i.kind].has(i.enCode));
  }
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

/** The organisation and its parents up to the nearest company: [own, …, company]. */
export async function organisationChain(db: Db, organizeId: string | null) {
  // The tree is shallow: a few look-ups at most.
  const chain: { id: string; parentId: string; category: string; fullName: string }[] = [];
  let id: string | null | undefined = organizeId;
  while (id && id !== '-1' && chain.length < 20) {
    const row = await db.selectFrom('baseOrganize').select(['id', 'parentId', 'category', 'fullName']).where('id', '=', id).executeTakeFirst();
    if (!row) break;
    chain.push(row);
    if (row.category === 'company') break;
    id = row.parentId;
  }
  return chain;
}

export async function organisationOf(db: Db, organizeId: string | null) {
  const chain = await organisationChain(db, organizeId);
  const own = chain[0];
  const company = chain.find((o) => o.category === 'company');
  return {
    department: own?.category === 'department' ? own.id : null,
    departmentName: own?.category === 'department' ? own.fullName : null,
    organizeName: company?.fullName ?? own?.fullName ?? null,
  };
}

type SystemRef = { id: string; fullName: string; currentSystem: boolean };

async function userInfo(db: Db, principal: Principal, config: SysConfig, locale: Locale, systems: SystemRef[]) {
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
    // The shell opens the forced reset-password dialog (spec 2.6) when this is true: an initial
    // password the policy wants changed, or a password past its regular-update cycle.
    mustChangePassword: (config.mandatoryModificationOfInitialPassword === 1 && u.changePasswordDate === null) || passwordExpiry(config, u, Date.now()).expired,
    permissionCodes: [...principal.permissions].sort(),
  };
}

/**
 * A system at the top of menuList and routerList (spec 3 "Info response", 6): the product's
 * client takes `list.filter(o => o.id === <current system id>)[0].children`. It has the shape
 * of a menu node (type 0, like a directory) so one schema describes the whole tree.
 */
function systemNode(system: SystemRow, children: MenuNode[]): MenuNode {
  return {
    id: system.id, parentId: '-1', enCode: system.enCode, fullName: system.fullName, fullName_i18n: null, type: 0, icon: system.icon, urlAddress: null,
    linkTarget: null, propertyJson: null, sortCode: system.sortCode, isHidden: 0, hasChildren: children.length > 0, children,
  };
}

/**
 * Everything the browser needs after sign-in to build its menu, routes and gates (spec 3,
 * "Info response"): one node per system of the user with that system's menu tree under
 * `children`, in menuList and in routerList alike; the first system is the current one.
 */
export async function currentUser(db: Db, principal: Principal, config: SysConfig, locale: Locale) {
  const menuList: MenuNode[] = [];
  for (const system of await enabledSystems(db)) {
    const tree = buildMenuTree(await visibleModules(db, principal, system.id));
    if (tree.length) menuList.push(systemNode(system, tree));
  }
  const systems = menuList.map((s, i) => ({ id: s.id, fullName: s.fullName, currentSystem: i === 0 }));
  const entries = flatten(menuList.flatMap((s) => s.children));
  return {
    menuList,
    routerList: menuList,
    permissionList: await permissionList(db, principal, entries, locale),
    userInfo: await userInfo(db, principal, config, locale, systems),
    sysConfigInfo: publicSysConfig(config),
  };
}
