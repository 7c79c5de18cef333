import type { Db } from '.';
import { hashPassword, md5Hex } from '../auth/passwords';
import { serializeSysConfig, SYS_CONFIG_DEFAULTS } from '../modules/system/config-store';
import type { PermissionCode } from '../../src/runtime/permissions';
import { newId } from './ids';
import path from 'node:path';
import type { AuthorizeRow, OrganizeRow, UserRow } from './schema';
import { readMenuFile, syncMenu } from './menu-file';
import { seedDictionaryDemo } from '../modules/dictionary/seed';
import { seedDataInterfaceDemo } from '../modules/data-interface/seed';
import { seedBillRuleDemo } from '../modules/system/bill-rule/seed';
import { seedPrintDevDemo } from '../modules/system/print-dev/seed';
import { seedGoodsDemo } from '../modules/business/goods/seed';
import { seedFlowDemo } from '../modules/flow/seed';
import { certifyOrganisations } from '../modules/business/certification';

/** The demo accounts printed at start-up and used by the tests. */
export const DEMO_ACCOUNTS = [
  { account: 'admin', description: 'administrator — every menu and permission' },
  { account: 'staff', description: 'staff — operations menus' },
  { account: 'customer', description: 'business customer (华东客户公司) — ordering menus' },
  { account: 'customer2', description: 'business customer (华南客户公司) — ordering menus' },
] as const;

const STAFF_API: PermissionCode[] = [
  'system.config:read', 'system.dictionary:manage',
  // the ordering cycle's staff side (docs/BUSINESS.md "Who")
  'business.goods:manage', 'business.orders:manage', 'business.outbound:manage', 'business.invoice:manage', 'business.funds:manage',
  'business.certification:review',
];

/** The seed menu: one JSON file authors edit (see docs/SCHEMAS.md). */
export const DEFAULT_MENU_FILE = path.resolve('schemas/menu.json');

/**
 * Seeds an empty database with demo data in one transaction, then adds the menu of
 * schemas/menu.json with its grants; returns false when users already exist.
 */
export async function seedDemoData(db: Db, options: { password: string; menuFile?: string; business?: boolean; flows?: boolean }): Promise<boolean> {
  const existing = await db.selectFrom('baseUser').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  // Hash outside the transaction: argon2 is deliberately slow and would hold the write lock.
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(md5Hex(options.password))));
  const now = Date.now();

  await db.transaction().execute(async (trx) => {
    const systemId = newId();
    await trx.insertInto('baseSystem').values({ id: systemId, fullName: '供应链服务平台', enCode: 'main', icon: 'icon-ym icon-ym-systemManage', sortCode: 0, enabledMark: 1 }).execute();

    const org = (parentId: string, category: OrganizeRow['category'], fullName: string, enCode: string, sortCode: number): OrganizeRow => ({
      id: newId(), parentId, category, fullName, enCode, managerId: null, sortCode, enabledMark: 1, description: null, createdAt: now,
    });
    const company = org('-1', 'company', '供应链管理有限公司', 'scm', 0);
    const operations = org(company.id, 'department', '运营部', 'scm.operations', 0);
    const finance = org(company.id, 'department', '财务部', 'scm.finance', 1);
    const it = org(company.id, 'department', '信息部', 'scm.it', 2);
    const east = org('-1', 'company', '华东客户公司', 'customer.east', 1);
    const south = org('-1', 'company', '华南客户公司', 'customer.south', 2);
    await trx.insertInto('baseOrganize').values([company, operations, finance, it, east, south]).execute();
    // the demo customers are certified, so they order from the start (docs/BUSINESS.md "Enterprise certification")
    await certifyOrganisations(trx, [east.id, south.id], now);

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
      // No avatar yet: the shell shows initials until the user uploads one.
      headIcon: null, signImg: null, organizeId, positionId, managerId: null,
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

    const grants: AuthorizeRow[] = STAFF_API.map((code) => ({ id: newId(), objectType: 'Role', objectId: roles.staff.id, itemType: 'api', itemId: code }));
    await trx.insertInto('baseAuthorize').values(grants).execute();

    await trx
      .insertInto('baseSysConfig')
      .values(serializeSysConfig({ ...SYS_CONFIG_DEFAULTS, logoIcon: '/logo.svg', navigationIcon: '/logo-nav.svg', copyright: 'Copyright © 2026 供应链管理有限公司' }))
      .execute();
  });
  await db.transaction().execute(async (trx) => {
    // Interfaces are filed under dictionary categories: dictionaries first.
    await seedDictionaryDemo(trx);
    await seedDataInterfaceDemo(trx);
    await seedBillRuleDemo(trx);
    await seedPrintDevDemo(trx);
  });
  // The ordering demo (goods, prices, stock, customers' money); tests start without it unless they ask (figures they assert start at zero).
  if (options.business !== false) {
    await db.transaction().execute(async (trx) => {
      const staff = await trx.selectFrom('baseUser').select('id').where('account', '=', 'staff').executeTakeFirst();
      const customers = await trx.selectFrom('baseOrganize').select('id').where('enCode', 'in', ['customer.east', 'customer.south']).orderBy('sortCode').execute();
      await seedGoodsDemo(trx, now, { by: staff?.id ?? null, customerOrganisations: customers.map((c) => c.id) });
    });
  }
  // The flow demo (the product's 45 templates, the 'manager' and 'finance' accounts); tests start without it unless they ask.
  if (options.flows !== false) await seedFlowDemo(db, { password: options.password, now });
  await syncMenu(db, readMenuFile(options.menuFile ?? DEFAULT_MENU_FILE), now);
  await seedDemoProfiles(db, now);
  await seedDemoScope(db, now);
  return true;
}

/** Id of a system dictionary's entry (the migrations made them): the profile stores entry ids. */
async function entryId(db: Db, category: string, enCode: string): Promise<string | null> {
  const row = await db
    .selectFrom('baseDictionaryData')
    .innerJoin('baseDictionaryType', 'baseDictionaryType.id', 'baseDictionaryData.dictionaryTypeId')
    .select('baseDictionaryData.id')
    .where('baseDictionaryType.enCode', '=', category)
    .where('baseDictionaryData.enCode', '=', enCode)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Staff accounts with every profile field filled, as staff administration would have them. */
async function seedDemoProfiles(db: Db, now: number): Promise<void> {
  const people = [
    { account: 'admin', birthday: Date.UTC(1985, 4, 20), nativePlace: '上海', certificatesNumber: '11010519491231002X', telePhone: '021-60000000', entryDate: Date.UTC(2018, 2, 1), education: 'master', signature: '系统管理员' },
    { account: 'staff', birthday: Date.UTC(1992, 8, 8), nativePlace: '杭州', certificatesNumber: '330106199209080015', telePhone: '021-60000001', entryDate: Date.UTC(2021, 6, 1), education: 'bachelor', signature: '运营专员' },
  ];
  const [han, idCard] = [await entryId(db, 'Nation', '01'), await entryId(db, 'certificateType', 'idCard')];
  for (const p of people) {
    const user = await db.selectFrom('baseUser').select('id').where('account', '=', p.account).executeTakeFirstOrThrow();
    await db
      .insertInto('baseUserProfile')
      .values({
        userId: user.id, birthday: p.birthday, landline: '021-61111111', postalAddress: '上海市浦东新区世纪大道100号', urgentContacts: '李联系',
        urgentTelephone: '13900000000', signature: p.signature, nation: han, nativePlace: p.nativePlace, certificatesType: idCard,
        certificatesNumber: p.certificatesNumber, education: await entryId(db, 'Education', p.education), telePhone: p.telePhone, entryDate: p.entryDate,
        preferences: null, updatedAt: now,
      })
      .execute();
  }
}

/**
 * The data-scope demo (issue 10): the 客户订单 page (schemas/models/demo-order.json, which judges
 * data) with two schemes, "own organisation" granted to business customers and "all records"
 * granted to staff, and orders of both customer companies, so customer and customer2 each see
 * only their own. The records are indexed when the model is first loaded (descriptor-sync.ts).
 */
export async function seedDemoScope(db: Db, now: number): Promise<void> {
  const menu = await db.selectFrom('baseModule').select('id').where('enCode', '=', 'customerOrder').executeTakeFirst();
  if (!menu) return;
  const roles = new Map((await db.selectFrom('baseRole').select(['id', 'enCode']).execute()).map((r) => [r.enCode, r.id]));
  const users = new Map((await db.selectFrom('baseUser').select(['id', 'account', 'organizeId', 'positionId']).execute()).map((u) => [u.account, u]));
  const scheme = (enCode: string, fullName: string, i18n: Record<string, string>, scopeType: 'org' | 'all', sortCode: number) => ({
    id: newId(), moduleId: menu.id, fullName, fullNameI18n: JSON.stringify(i18n), enCode, scopeType, conditionJson: null, sortCode, enabledMark: 1, description: null, createdAt: now,
  });
  const own = scheme('ownOrganisation', '本组织数据', { 'zh-TW': '本組織資料', en: 'Own organisation' }, 'org', 0);
  const all = scheme('allRecords', '全部数据', { 'zh-TW': '全部資料', en: 'All records' }, 'all', 1);
  const orders: { account: string; orderNo: string; goodsName: string; quantity: number }[] = [
    { account: 'customer', orderNo: 'EAST-0001', goodsName: '螺纹钢', quantity: 120 },
    { account: 'customer', orderNo: 'EAST-0002', goodsName: '热轧卷板', quantity: 80 },
    { account: 'customer', orderNo: 'EAST-0003', goodsName: '电解铜', quantity: 15 },
    { account: 'customer2', orderNo: 'SOUTH-0001', goodsName: '铝锭', quantity: 40 },
    { account: 'customer2', orderNo: 'SOUTH-0002', goodsName: '螺纹钢', quantity: 60 },
  ];
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('baseModuleDataScheme').values([own, all]).execute();
    const grants: AuthorizeRow[] = [];
    if (roles.has('businessCustomer')) grants.push({ id: newId(), objectType: 'Role', objectId: roles.get('businessCustomer')!, itemType: 'resource', itemId: own.id });
    if (roles.has('staff')) grants.push({ id: newId(), objectType: 'Role', objectId: roles.get('staff')!, itemType: 'resource', itemId: all.id });
    if (grants.length) await trx.insertInto('baseAuthorize').values(grants).execute();
    const rows = orders.flatMap((o, i) => {
      const user = users.get(o.account);
      if (!user) return [];
      // customers' major organisations are their companies: organisation and department alike
      return [{
        id: newId(), modelId: 'demo-order', data: JSON.stringify({ orderNo: o.orderNo, goodsName: o.goodsName, quantity: o.quantity, remark: null }),
        createdBy: user.id, createdAt: now + i, modifiedBy: null, modifiedAt: null, organizeId: user.organizeId, departmentId: user.organizeId, positionId: user.positionId,
      }];
    });
    if (rows.length) await trx.insertInto('visualdevRecord').values(rows).execute();
  });
}
