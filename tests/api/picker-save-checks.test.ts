import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Issue 12: picker values checked on save (server/modules/visualdev/picker-checks.ts), on the
 * demo order, which has a field of each picker kind. staff sits in 供应链管理有限公司/运营部 and
 * may pick only what their picker scope shows there; admin picks any existing object; a forged
 * or out-of-scope value is refused on its field and nothing is written. SQLite and PostgreSQL.
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;
let staffToken = '';
const org: Record<string, string> = {};
const pos: Record<string, string> = {};
const group: Record<string, string> = {};
const user: Record<string, string> = {};
let staffRole = '';
let dongcheng: string[] = [];
const url = (path = '') => `/api/visualdev/OnlineDev/demo-order${path}`;
const base = { orderNo: 'PICK-0001', goodsName: '螺纹钢', quantity: 1 };
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(db(), 'admin'));
  staffToken = await tokenFor(db(), 'staff');
  staff = client(server.url, staffToken);
  for (const o of await db().selectFrom('baseOrganize').select(['id', 'enCode']).execute()) org[o.enCode] = o.id;
  for (const p of await db().selectFrom('basePosition').select(['id', 'enCode']).execute()) pos[p.enCode] = p.id;
  for (const g of await db().selectFrom('baseGroup').select(['id', 'enCode']).execute()) group[g.enCode] = g.id;
  for (const u of await db().selectFrom('baseUser').select(['id', 'account']).execute()) user[u.account] = u.id;
  staffRole = (await db().selectFrom('baseRole').select('id').where('enCode', '=', 'staff').executeTakeFirstOrThrow()).id;
  const district = await db().selectFrom('baseArea').select(['id', 'parentId']).where('id', '=', '110101').executeTakeFirstOrThrow();
  dongcheng = ['110000', district.parentId, '110101'];
});
afterAll(async () => {
  await server?.close();
});

const save = (who: ReturnType<typeof client>, data: Record<string, unknown>) => who.post(url(), { data: JSON.stringify({ ...base, ...data }) });
const count = async () => Number((await db().selectFrom('visualdevRecord').select((eb) => eb.fn.countAll().as('n')).where('modelId', '=', 'demo-order').executeTakeFirstOrThrow()).n);
const fieldsOf = (reply: { body: { data?: { errors: { field: string }[] } } }) => reply.body.data!.errors.map((e) => e.field).sort();

describe('picker values on save', () => {
  it('stores what the caller’s picker scope shows, with ancestors in an organisation path, currentUser and typed ids', async () => {
    const reply = await save(staff, {
      salesman: user.staff, salesDept: org['scm.operations'], ownerOrganize: [org.scm, org['scm.operations']], contactPosition: pos.operator,
      reviewRole: staffRole, customerGroup: group.operationsGroup,
      followers: ['currentUser', `${user.staff}--user`, `${org['scm.operations']}--department`, `${pos.operator}--position`, `${staffRole}--role`, `${group.operationsGroup}--group`],
      deliveryArea: dongcheng,
    });
    expect(reply.body.code, reply.body.msg).toBe(200);
    const stored = await db().selectFrom('visualdevRecord').select('data').where('id', '=', reply.body.data.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).toMatchObject({ salesman: user.staff, followers: expect.arrayContaining(['currentUser']), deliveryArea: dongcheng });
  });

  it('refuses objects outside the scope, forged ids and broken paths, each on its field, writing nothing', async () => {
    const before = await count();
    const reply = await save(staff, {
      salesman: user.customer, salesDept: org['scm.finance'], ownerOrganize: [org.scm, org['customer.east']], contactPosition: pos.accountant,
      reviewRole: 'forged-role', customerGroup: group.customerGroup, followers: [`${org['scm.finance']}--department`], deliveryArea: ['110000', '440000'],
    });
    expect(reply.status).toBe(400);
    expect(fieldsOf(reply)).toEqual(['contactPosition', 'customerGroup', 'deliveryArea', 'followers', 'ownerOrganize', 'reviewRole', 'salesDept', 'salesman']);
    const byField = Object.fromEntries(reply.body.data.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField.salesman).toBe('业务员的值不存在或不在您可选择的范围内');
    expect(byField.deliveryArea).toBe('收货地区的值不是有效的省市区');
    expect((await save(client(server.url, staffToken, 'en'), { salesman: 'nobody' })).body.data.errors).toEqual([{ field: 'salesman', message: 'The value of Salesperson does not exist or is outside what you may pick' }]);
    const tw = (await save(client(server.url, staffToken, 'zh-TW'), { deliveryArea: ['999999'] })).body.data.errors;
    expect(tw).toEqual([{ field: 'deliveryArea', message: expect.stringMatching(/的值不是有效的省市區$/) }]);
    // shapes no picker stores: an unknown id type, an object
    expect(fieldsOf(await save(staff, { followers: [`${user.staff}--planet`], salesman: { id: user.staff } }))).toEqual(['followers', 'salesman']);
    expect(await count()).toBe(before);
  });

  it('lets an administrator pick any existing object, and no missing one', async () => {
    expect((await save(admin, { salesman: user.customer2, salesDept: org['customer.south'], ownerOrganize: [org['customer.east']], contactPosition: pos.southRepresentative })).body.code).toBe(200);
    expect(fieldsOf(await save(admin, { salesman: 'missing', ownerOrganize: ['missing'] }))).toEqual(['ownerOrganize', 'salesman']);
  });

  it('checks an update only when the value changes', async () => {
    const id = (await save(admin, { salesman: user.customer })).body.data.id as string;
    // an out-of-scope value stored by someone else does not block staff saving other fields
    expect((await staff.put(url(`/${id}`), { data: JSON.stringify({ ...base, salesman: user.customer, goodsName: '盘螺' }) })).body.code).toBe(200);
    const changed = await staff.put(url(`/${id}`), { data: JSON.stringify({ ...base, salesman: user.admin }) });
    expect(changed.status).toBe(400);
    const stored = await db().selectFrom('visualdevRecord').select('data').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).toMatchObject({ salesman: user.customer, goodsName: '盘螺' });
  });
});
