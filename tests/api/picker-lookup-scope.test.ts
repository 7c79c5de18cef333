import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Issue 12 item 8: the organisation-family lookups answer only what the caller may see
 * (server/modules/permission/lookup-scope.ts). customer is in 华东客户公司, customer2 in
 * 华南客户公司, staff in 供应链管理有限公司/运营部; admin sees everything.
 */
let server: TestServer;
const as: Record<string, ReturnType<typeof client>> = {};
const org: Record<string, string> = {};
const pos: Record<string, string> = {};
const role: Record<string, string> = {};
const group: Record<string, string> = {};

interface Node {
  id: string;
  enCode: string;
  fullName: string;
  type: string;
  organize?: string;
  children: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const db = () => server.database.db;
const P = '/api/permission';

beforeAll(async () => {
  server = await startTestServer();
  for (const account of ['admin', 'staff', 'customer', 'customer2']) as[account] = client(server.url, await tokenFor(db(), account));
  for (const o of await db().selectFrom('baseOrganize').select(['id', 'enCode']).execute()) org[o.enCode] = o.id;
  for (const p of await db().selectFrom('basePosition').select(['id', 'enCode']).execute()) pos[p.enCode] = p.id;
  for (const g of await db().selectFrom('baseGroup').select(['id', 'enCode']).execute()) group[g.enCode] = g.id;
  const made = async (body: Record<string, unknown>) => (await as.admin!.post(`${P}/Role`, body)).body.data.id as string;
  role.east = await made({ fullName: '华东采购', enCode: 'scopeEast', globalMark: 0, organizeIds: [org['customer.east']] });
  role.south = await made({ fullName: '华南采购', enCode: 'scopeSouth', globalMark: 0, organizeIds: [org['customer.south']] });
  role.ops = await made({ fullName: '运营审核', enCode: 'scopeOps', globalMark: 0, organizeIds: [org['scm.operations']] });
  for (const r of await db().selectFrom('baseRole').select(['id', 'enCode']).where('globalMark', '=', 1).execute()) role[r.enCode] = r.id;
});
afterAll(async () => {
  await server?.close();
});

const organisations = async (account: string, body: Record<string, unknown> = {}) =>
  flat((await as[account]!.post(`${P}/Organize/OrganizeCondition`, body)).body.data.list).map((n) => n.enCode).sort();
const positions = async (account: string) => flat((await as[account]!.get(`${P}/Position/Selector`)).body.data.list).filter((n) => n.type === 'position').map((n) => n.enCode).sort();
const positionsIn = async (account: string, body: Record<string, unknown>) =>
  flat((await as[account]!.post(`${P}/Position/PositionCondition`, body)).body.data.list).filter((n) => n.type === 'position').map((n) => n.enCode).sort();
const roles = async (account: string) => flat((await as[account]!.get(`${P}/Role/Selector`)).body.data.list).filter((n) => n.type === 'role').map((n) => n.enCode).sort();
const organisationsOfRoles = async (account: string) => flat((await as[account]!.get(`${P}/Role/Selector`)).body.data.list).filter((n) => n.type !== 'role' && n.type !== 'global').map((n) => n.id);
const groups = async (account: string) => (await as[account]!.get(`${P}/Group/Selector`)).body.data.list.map((g: Node) => g.enCode).sort();
const named = async (account: string, ids: string[]) => (await as[account]!.post(`${P}/Users/getSelectedList`, { ids })).body.data.list.map((i: { id: string; fullName: string }) => i.id);

const GLOBAL_ROLES = ['administrator', 'businessCustomer', 'staff'];

describe('organisation pickers without auth mode (OrganizeCondition)', () => {
  it('a customer gets only their own organisation, also when asking for another one by id', async () => {
    expect(await organisations('customer')).toEqual(['customer.east']);
    expect(await organisations('customer', { departIds: [org['customer.south']] })).toEqual([]);
    expect(await organisations('customer', { keyword: '华南' })).toEqual([]);
    expect(await organisations('customer2')).toEqual(['customer.south']);
  });

  it('staff get their department and below; an administrator gets every enabled organisation', async () => {
    const staffSees = await organisations('staff');
    expect(staffSees).toEqual(['scm.operations']);
    const tree: Node[] = (await as.staff!.post(`${P}/Organize/OrganizeCondition`, {})).body.data.list;
    // its place is still named by the full path
    expect(tree[0]).toMatchObject({ enCode: 'scm.operations', organize: '供应链管理有限公司/运营部' });
    expect(await organisations('admin')).toEqual(['customer.east', 'customer.south', 'scm', 'scm.finance', 'scm.it', 'scm.operations']);
  });
});

describe('position pickers (Selector, PositionCondition)', () => {
  it("a customer gets only their organisation's positions, by any call", async () => {
    expect(await positions('customer')).toEqual(['eastRepresentative']);
    expect(await positionsIn('customer', {})).toEqual(['eastRepresentative']);
    expect(await positionsIn('customer', { positionIds: [pos.southRepresentative, pos.operator] })).toEqual([]);
    expect(await positionsIn('customer', { departIds: [org['customer.south'], org.scm] })).toEqual([]);
    expect(await positionsIn('customer', { keyword: 'south' })).toEqual([]);
    expect(await positions('customer2')).toEqual(['southRepresentative']);
  });

  it('staff get the positions of their department; an administrator gets all', async () => {
    expect(await positions('staff')).toEqual(['operator']);
    const leaf = flat((await as.staff!.get(`${P}/Position/Selector`)).body.data.list).find((n) => n.enCode === 'operator');
    expect(leaf).toMatchObject({ organize: '供应链管理有限公司/运营部' });
    expect(await positions('admin')).toEqual(['accountant', 'eastRepresentative', 'engineer', 'generalManager', 'operator', 'southRepresentative']);
    expect(await positionsIn('admin', { positionIds: [pos.southRepresentative] })).toEqual(['southRepresentative']);
  });
});

describe('position and role lists of the user form (Position/All, getListByOrgIds)', () => {
  it("a customer gets only their organisation's positions and roles, however asked; an administrator gets all", async () => {
    const all = async (account: string) => (await as[account]!.get(`${P}/Position/All`)).body.data.list.map((p: Node) => p.enCode).sort();
    expect(await all('customer')).toEqual(['eastRepresentative']);
    expect(await all('admin')).toHaveLength(6);
    const byOrgs = async (account: string) =>
      flat((await as[account]!.post(`${P}/Position/getListByOrgIds`, { organizeIds: [org['customer.south'], org['customer.east'], org.scm] })).body.data.list).map((n) => n.enCode);
    expect(await byOrgs('customer')).toEqual(['customer.east', 'eastRepresentative']);
    expect(await byOrgs('admin')).toHaveLength(6);
    const rolesByOrgs = async (account: string) =>
      flat((await as[account]!.post(`${P}/Role/getListByOrgIds`, { organizeIds: [org['customer.south'], org['customer.east'], org['scm.operations']] })).body.data.list)
        .filter((n) => n.type === 'role')
        .map((n) => n.enCode)
        .sort();
    expect(await rolesByOrgs('customer')).toEqual([...GLOBAL_ROLES, 'scopeEast'].sort());
    expect(await rolesByOrgs('admin')).toEqual([...GLOBAL_ROLES, 'scopeEast', 'scopeOps', 'scopeSouth'].sort());
  });
});

describe('role picker (Role/Selector)', () => {
  it("a customer gets the global roles and their organisation's roles, never another organisation's", async () => {
    expect(await roles('customer')).toEqual([...GLOBAL_ROLES, 'scopeEast'].sort());
    expect(await organisationsOfRoles('customer')).toEqual([org['customer.east']]);
    expect(await roles('customer2')).toEqual([...GLOBAL_ROLES, 'scopeSouth'].sort());
    expect(await roles('staff')).toEqual([...GLOBAL_ROLES, 'scopeOps'].sort());
    expect(await organisationsOfRoles('staff')).toEqual([org['scm.operations']]);
  });

  it('an administrator gets every role under every organisation holding one', async () => {
    expect(await roles('admin')).toEqual([...GLOBAL_ROLES, 'scopeEast', 'scopeOps', 'scopeSouth'].sort());
  });
});

describe('group picker (Group/Selector): a group is as visible as its members', () => {
  it('a customer gets the group they are in, not the operations group; staff the reverse; an administrator both', async () => {
    expect(await groups('customer')).toEqual(['customerGroup']);
    expect(await groups('staff')).toEqual(['operationsGroup']);
    expect(await groups('admin')).toEqual(['customerGroup', 'operationsGroup']);
  });
});

describe('names of selected items (getSelectedList)', () => {
  it('a customer gets no name of what lies outside their scope: organisations, positions, roles, groups', async () => {
    const asked = [
      `${org['customer.south']}--department`, org.scm, `${pos.southRepresentative}--position`, pos.operator, `${role.south}--role`, role.ops,
      `${group.operationsGroup}--group`, role.east, `${pos.eastRepresentative}--position`, org['customer.east'], role.businessCustomer, `${group.customerGroup}--group`,
    ];
    expect(await named('customer', asked)).toEqual([role.east, pos.eastRepresentative, org['customer.east'], role.businessCustomer, group.customerGroup]);
    expect(await named('staff', asked)).toEqual([pos.operator, role.ops, group.operationsGroup, role.businessCustomer]);
    const everything = await named('admin', asked);
    expect(everything).toHaveLength(asked.length);
  });
});
