import type { Db } from '.';
import { hashPassword, md5Hex } from '../auth/passwords';
import { serializeSysConfig, SYS_CONFIG_DEFAULTS } from '../modules/system/config-store';
import type { PermissionCode } from '../../src/runtime/permissions';
import { newId } from './ids';
import type { AuthorizeRow, ModuleItemRow, ModuleRow, OrganizeRow, UserRow } from './schema';

/** The demo accounts printed at start-up and used by the tests. */
export const DEMO_ACCOUNTS = [
  { account: 'admin', description: 'administrator — every menu and permission' },
  { account: 'staff', description: 'staff — operations menus' },
  { account: 'customer', description: 'business customer (华东客户公司) — ordering menus' },
  { account: 'customer2', description: 'business customer (华南客户公司) — ordering menus' },
] as const;

/** Who may see a menu entry (administrators see everything without grants). */
type Audience = 'admin' | 'staff' | 'customer';

/** A seed menu entry; children inherit the audience of their parent unless they name one. */
interface MenuSeed {
  type: number;
  fullName: string;
  enCode: string;
  icon?: string;
  url?: string;
  linkTarget?: '_self' | '_blank';
  /** Placeholder descriptor id for types 3, 4, 5 and 8 (the runtime issue provides the descriptors). */
  descriptor?: string;
  isTree?: 0 | 1;
  hidden?: boolean;
  audience?: Audience[];
  children?: MenuSeed[];
}

const page = (fullName: string, enCode: string, url: string, icon = 'icon-ym icon-ym-generator-menu', hidden = false): MenuSeed => ({
  type: 2, fullName, enCode, url, icon, hidden,
});

/** Exercises every menu type 0–8 of spec 2.4. */
const MENU: MenuSeed[] = [
  {
    type: 0, fullName: '业务订单', enCode: 'business', icon: 'icon-ym icon-ym-shop', audience: ['staff', 'customer'],
    children: [
      page('发起订单', 'addOrder', '/addOrder'),
      page('我的订单', 'order', '/order'),
      page('我的提货', 'getOrder', '/getOrder'),
      page('出库/货转', 'outOrder', '/outOrder'),
      page('库存', 'inventory', '/inventory'),
      page('价格监控', 'pricemonitor', '/pricemonitor'),
      page('我的结算', 'settlement', '/settlement'),
      page('我的发票', 'invoice', '/invoice'),
      page('资金池', 'capitalPool', '/capitalPool'),
      page('授信额度', 'credit', '/credit'),
      page('待提货池', 'waitGoods', '/waitGoods'),
      page('无规格提货', 'noSpec', '/noSpec'),
      page('添加商品', 'addGoods', '/addGoods', undefined, true),
    ],
  },
  {
    type: 0, fullName: '运营管理', enCode: 'operations', icon: 'icon-ym icon-ym-report', audience: ['staff'],
    children: [
      { type: 3, fullName: '商品档案', enCode: 'goods', url: 'operations/goods', descriptor: 'demo-model', isTree: 0 },
      { type: 4, fullName: '商品分类', enCode: 'goodsCategory', url: 'operations/goodsCategory', descriptor: 'demo-dictionary', isTree: 1 },
      { type: 5, fullName: '销售报表', enCode: 'salesReport', url: 'operations/salesReport', descriptor: 'demo-report', isTree: 0 },
      { type: 8, fullName: '运营门户', enCode: 'operationsPortal', url: 'operations/portal', descriptor: 'demo-portal', isTree: 0 },
      { type: 6, fullName: '运营大屏', enCode: 'dataScreen', url: '${dataV}/view/demo-screen?token=${jnpfToken}' },
      { type: 7, fullName: '帮助中心', enCode: 'helpCentre', url: 'https://www.example.com/help', linkTarget: '_self' },
      { type: 7, fullName: '官方网站', enCode: 'website', url: 'https://www.example.com/', linkTarget: '_blank' },
      page('订单详情', 'orderInfo', '/info', undefined, true),
    ],
  },
  {
    type: 0, fullName: '系统管理', enCode: 'systemManage', icon: 'icon-ym icon-ym-systemManage', audience: ['admin'],
    children: [
      {
        type: 1, fullName: '权限管理', enCode: 'permission',
        children: [
          page('组织管理', 'permission.organize', '/permission/organize'),
          page('岗位管理', 'permission.position', '/permission/position'),
          page('分组管理', 'permission.group', '/permission/group'),
          page('角色管理', 'permission.role', '/permission/role'),
          page('用户管理', 'permission.user', '/permission/user'),
        ],
      },
      {
        type: 1, fullName: '系统设置', enCode: 'system',
        children: [
          page('系统配置', 'system.sysConfig', '/system/sysConfig'),
          page('菜单管理', 'system.menu', '/system/menu'),
          page('行政区划', 'system.area', '/system/area'),
          page('数据接口', 'system.dataInterface', '/system/dataInterface'),
          page('单据规则', 'system.billRule', '/system/billRule'),
          page('打印模板', 'system.printDev', '/system/printDev'),
          page('消息模板', 'system.messageTemplate', '/system/messageTemplate'),
          page('第三方同步', 'system.synThird', '/system/synThird', undefined, true),
        ],
      },
      { type: 1, fullName: '数据应用', enCode: 'systemData', children: [page('数据字典', 'systemData.dictionary', '/systemData/dictionary')] },
      page('在线开发', 'onlineDev.webDesign', '/onlineDev/webDesign'),
    ],
  },
];

/** Items of the type-3 page, and which of them staff are granted. */
const GOODS_ITEMS: { kind: ModuleItemRow['kind']; fullName: string; enCode: string; staff: boolean }[] = [
  { kind: 'button', fullName: '新增', enCode: 'btn_add', staff: true },
  { kind: 'button', fullName: '编辑', enCode: 'btn_edit', staff: true },
  { kind: 'button', fullName: '删除', enCode: 'btn_remove', staff: false },
  { kind: 'column', fullName: '商品名称', enCode: 'goodsName', staff: true },
  { kind: 'column', fullName: '成本价', enCode: 'costPrice', staff: false },
  { kind: 'form', fullName: '商品名称', enCode: 'goodsName', staff: true },
];

const STAFF_API: PermissionCode[] = ['system.config:read', 'system.dictionary:manage'];

/** Seeds an empty database with demo data in one transaction; returns false when users already exist. */
export async function seedDemoData(db: Db, options: { password: string }): Promise<boolean> {
  const existing = await db.selectFrom('baseUser').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  // Hash outside the transaction: argon2 is deliberately slow and would hold the write lock.
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(md5Hex(options.password))));
  const now = Date.now();

  await db.transaction().execute(async (trx) => {
    const systemId = newId();
    await trx.insertInto('baseSystem').values({ id: systemId, fullName: '供应链服务平台', enCode: 'main', icon: 'icon-ym icon-ym-systemManage', sortCode: 0, enabledMark: 1 }).execute();

    const org = (parentId: string, category: OrganizeRow['category'], fullName: string, enCode: string, sortCode: number): OrganizeRow => ({
      id: newId(), parentId, category, fullName, enCode, sortCode, enabledMark: 1, description: null, createdAt: now,
    });
    const company = org('-1', 'company', '供应链管理有限公司', 'scm', 0);
    const operations = org(company.id, 'department', '运营部', 'scm.operations', 0);
    const finance = org(company.id, 'department', '财务部', 'scm.finance', 1);
    const it = org(company.id, 'department', '信息部', 'scm.it', 2);
    const east = org('-1', 'company', '华东客户公司', 'customer.east', 1);
    const south = org('-1', 'company', '华南客户公司', 'customer.south', 2);
    await trx.insertInto('baseOrganize').values([company, operations, finance, it, east, south]).execute();

    const common = { sortCode: 0, enabledMark: 1, description: null, createdAt: now };
    const position = (organizeId: string, fullName: string, enCode: string) => ({ id: newId(), organizeId, fullName, enCode, type: null, ...common });
    const positions = {
      manager: position(company.id, '总经理', 'generalManager'),
      operator: position(operations.id, '运营专员', 'operator'),
      accountant: position(finance.id, '会计', 'accountant'),
      engineer: position(it.id, '开发工程师', 'engineer'),
      eastRep: position(east.id, '客户代表', 'eastRepresentative'),
      southRep: position(south.id, '客户代表', 'southRepresentative'),
    };
    await trx.insertInto('basePosition').values(Object.values(positions)).execute();

    const groups = { operations: { id: newId(), fullName: '运营组', enCode: 'operationsGroup', type: null, ...common }, customers: { id: newId(), fullName: '客户组', enCode: 'customerGroup', type: null, ...common } };
    await trx.insertInto('baseGroup').values(Object.values(groups)).execute();

    const role = (fullName: string, enCode: string) => ({ id: newId(), fullName, enCode, type: null, globalMark: 1, ...common });
    const roles = { admin: role('管理员', 'administrator'), staff: role('员工', 'staff'), customer: role('业务客户', 'businessCustomer') };
    await trx.insertInto('baseRole').values(Object.values(roles)).execute();

    const user = (i: number, account: string, realName: string, mobile: string, organizeId: string, positionId: string, extra: Partial<UserRow> = {}): UserRow => ({
      id: newId(), account, realName, passwordHash: passwordHashes[i]!, mobile, email: `${account}@example.com`, gender: 1,
      headIcon: '/api/file/Image/userAvatar/001.png', signImg: null, organizeId, positionId, managerId: null,
      isAdministrator: 0, userKind: 'staff', enabledMark: 1, theme: null, language: null, portalId: null,
      // Demo accounts count as having changed their initial password, so no forced reset dialog.
      changePasswordDate: now, prevLoginTime: null, prevLoginIp: null, lastLoginTime: null, lastLoginIp: null,
      description: null, createdAt: now, updatedAt: null, ...extra,
    });
    const users = {
      admin: user(0, 'admin', '管理员', '13800000000', it.id, positions.engineer.id, { isAdministrator: 1 }),
      staff: user(1, 'staff', '张运营', '13800000001', operations.id, positions.operator.id),
      customer: user(2, 'customer', '华东客户', '13800000002', east.id, positions.eastRep.id, { userKind: 'customer' }),
      customer2: user(3, 'customer2', '华南客户', '13800000003', south.id, positions.southRep.id, { userKind: 'customer' }),
    };
    await trx.insertInto('baseUser').values(Object.values(users)).execute();

    const relation = (userId: string, objectType: 'Role' | 'Position' | 'Group' | 'Organize', objectId: string) => ({ id: newId(), userId, objectType, objectId, sortCode: 0 });
    await trx
      .insertInto('baseUserRelation')
      .values([
        relation(users.admin.id, 'Role', roles.admin.id),
        relation(users.admin.id, 'Position', positions.engineer.id),
        relation(users.admin.id, 'Position', positions.manager.id),
        relation(users.staff.id, 'Role', roles.staff.id),
        relation(users.staff.id, 'Position', positions.operator.id),
        relation(users.staff.id, 'Group', groups.operations.id),
        relation(users.customer.id, 'Role', roles.customer.id),
        relation(users.customer.id, 'Position', positions.eastRep.id),
        relation(users.customer.id, 'Group', groups.customers.id),
        relation(users.customer2.id, 'Role', roles.customer.id),
        relation(users.customer2.id, 'Position', positions.southRep.id),
        relation(users.customer2.id, 'Group', groups.customers.id),
      ])
      .execute();

    // The menu, flattened depth-first, with grants for the audiences that may see each entry.
    const modules: ModuleRow[] = [];
    const grants: AuthorizeRow[] = [];
    const roleOf: Record<Audience, string> = { admin: roles.admin.id, staff: roles.staff.id, customer: roles.customer.id };
    const grant = (audience: Audience, itemType: AuthorizeRow['itemType'], itemId: string) =>
      grants.push({ id: newId(), objectType: 'Role', objectId: roleOf[audience], itemType, itemId });
    let goodsModuleId = '';
    const walk = (entries: MenuSeed[], parentId: string, inherited: Audience[]) => {
      entries.forEach((entry, index) => {
        const id = newId();
        const audience = entry.audience ?? inherited;
        modules.push({
          id, parentId, systemId, type: entry.type, fullName: entry.fullName, enCode: entry.enCode, icon: entry.icon ?? null,
          urlAddress: entry.url ?? null, linkTarget: entry.linkTarget ?? null,
          propertyJson: entry.descriptor ? JSON.stringify({ moduleId: entry.descriptor, isTree: entry.isTree ?? 0 }) : null,
          sortCode: index, enabledMark: 1, isHidden: entry.hidden ? 1 : 0, description: null, createdAt: now,
        });
        for (const a of audience) grant(a, 'module', id);
        if (entry.descriptor === 'demo-model') goodsModuleId = id;
        if (entry.children) walk(entry.children, id, audience);
      });
    };
    walk(MENU, '-1', ['admin']);
    await trx.insertInto('baseModule').values(modules).execute();

    const items: ModuleItemRow[] = GOODS_ITEMS.map((item, sortCode) => ({ id: newId(), moduleId: goodsModuleId, kind: item.kind, fullName: item.fullName, enCode: item.enCode, sortCode }));
    await trx.insertInto('baseModuleItem').values(items).execute();
    items.forEach((item, i) => GOODS_ITEMS[i]!.staff && grant('staff', item.kind, item.id));
    for (const code of STAFF_API) grant('staff', 'api', code);
    await trx.insertInto('baseAuthorize').values(grants).execute();

    await trx
      .insertInto('baseSysConfig')
      .values(serializeSysConfig({ ...SYS_CONFIG_DEFAULTS, logoIcon: '/logo.svg', navigationIcon: '/logo-nav.svg', copyright: 'Copyright © 2026 供应链管理有限公司' }))
      .execute();
  });
  return true;
}
