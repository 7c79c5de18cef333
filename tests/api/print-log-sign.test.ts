import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';

/**
 * The print log (POST /api/system/printLog/save, GET /api/system/printLog; issue 13 item 8) and
 * the signature and location values of a record (issue 13, v5 kinds): a print is logged only by
 * someone who could print that record (in their scope), the list is for template managers, and a
 * signature that is not a PNG/JPEG image or is too big is refused on save with nothing written.
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
let adminEn: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;
let east: ReturnType<typeof client>;
let south: ReturnType<typeof client>;

const orderId = async (orderNo: string) =>
  (await server.database.db.selectFrom('visualdevRecord').select(['id', 'data']).where('modelId', '=', 'demo-order').execute()).find((r) => JSON.parse(r.data).orderNo === orderNo)!.id;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  admin = client(server.url, await tokenFor(db, 'admin'));
  adminEn = client(server.url, await tokenFor(db, 'admin'), 'en');
  staff = client(server.url, await tokenFor(db, 'staff'));
  east = client(server.url, await tokenFor(db, 'customer'));
  south = client(server.url, await tokenFor(db, 'customer2'));
});
afterAll(async () => {
  await server?.close();
});

describe('print log', () => {
  const TEMPLATE = 'demo-order-print-a'; // the demo's 订单确认单 of 客户订单 (seeded, enabled)

  it('logs a print by someone who can print the record: who, when, template, model, record, title', async () => {
    const eastId = await orderId('EAST-0001');
    const before = Date.now();
    const saved = await east.post('/api/system/printLog/save', { printId: TEMPLATE, recordId: eastId, printTitle: '订单确认单', printNum: 1 });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const row = await server.database.db.selectFrom('basePrintLog').selectAll().where('id', '=', saved.body.data.id).executeTakeFirstOrThrow();
    const user = await server.database.db.selectFrom('baseUser').select('id').where('account', '=', 'customer').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: user.id, templateId: TEMPLATE, modelId: 'demo-order', recordId: eastId, printTitle: '订单确认单', printNum: 1 });
    expect(Number(row.createdAt)).toBeGreaterThanOrEqual(before);
  });

  it('refuses a record outside the caller\'s scope as missing, and unknown templates or records, writing nothing', async () => {
    const count = async () => (await server.database.db.selectFrom('basePrintLog').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    const eastId = await orderId('EAST-0001');
    const outside = await south.post('/api/system/printLog/save', { printId: TEMPLATE, recordId: eastId, printTitle: 'x' });
    expect(outside.status).toBe(404);
    expect((await south.post('/api/system/printLog/save', { printId: TEMPLATE, recordId: 'no-such-record', printTitle: 'x' })).body.msg).toBe(outside.body.msg);
    expect((await adminEn.post('/api/system/printLog/save', { printId: 'no-such-template', recordId: eastId, printTitle: 'x' })).status).toBe(404);
    expect((await adminEn.post('/api/system/printLog/save', { printId: TEMPLATE, recordId: eastId, printTitle: '' })).status).toBe(400);
    expect((await adminEn.post('/api/system/printLog/save', { printId: TEMPLATE, recordId: eastId, printTitle: 'x', printNum: 0 })).status).toBe(400);
    // signed out
    const anonymous = await fetch(`${server.url}/api/system/printLog/save`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ printId: TEMPLATE, recordId: eastId, printTitle: 'x' }) });
    expect(anonymous.status).toBe(401);
    expect(Number(await count())).toBe(before);
  });

  it('lists for template managers only: newest first, paged, keyword over title, user and template', async () => {
    const southId = await orderId('SOUTH-0001');
    expect((await south.post('/api/system/printLog/save', { printId: 'demo-order-print-b', recordId: southId, printTitle: '发货通知单 SOUTH' })).body.code).toBe(200);
    const all = await admin.get('/api/system/printLog?pageSize=1');
    expect(all.body.code, all.body.msg).toBe(200);
    expect(all.body.data.pagination).toEqual({ currentPage: 1, pageSize: 1, total: 2 });
    expect(all.body.data.list[0]).toMatchObject({ printTitle: '发货通知单 SOUTH', templateName: '发货通知单', modelName: '客户订单', recordId: southId, printNum: 1 });
    expect(all.body.data.list[0].userName).toMatch(/customer2/);
    const en = await adminEn.get('/api/system/printLog?pageSize=1');
    expect(en.body.data.list[0].templateName).toBe('Delivery notice');
    const byUser = await admin.get('/api/system/printLog?keyword=CUSTOMER2');
    expect(byUser.body.data.list.map((r: { printTitle: string }) => r.printTitle)).toEqual(['发货通知单 SOUTH']);
    const byTemplate = await admin.get('/api/system/printLog?keyword=订单确认');
    expect(byTemplate.body.data.list.map((r: { templateId: string }) => r.templateId)).toEqual([TEMPLATE]);
    const page2 = await admin.get('/api/system/printLog?pageSize=1&currentPage=2');
    expect(page2.body.data.list[0].templateId).toBe(TEMPLATE);
    for (const who of [staff, east]) expect((await who.get('/api/system/printLog')).status).toBe(403);
  });
});

describe('signature and location values', () => {
  const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  let modelId: string;
  beforeAll(async () => {
    const formData = { fields: [
      { __config__: { jnpfKey: 'input', label: '单号' }, __vModel__: 'billNo' },
      { __config__: { jnpfKey: 'sign', label: '签名' }, __vModel__: 'sig' },
      { __config__: { jnpfKey: 'location', label: '定位' }, __vModel__: 'place' },
    ] };
    const columns = { type: 1, columnList: [{ prop: 'billNo', label: '单号' }], searchList: [], btnsList: [], columnBtnsList: [] };
    const created = await admin.post('/api/visualdev/Base', { fullName: '签收单', enCode: 'signedReceipt', formData, columnData: columns });
    expect(created.body.code, created.body.msg).toBe(200);
    modelId = created.body.data.id;
    expect((await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).body.code).toBe(200);
  });
  const save = (who: typeof admin, data: Record<string, unknown>) => who.post(`/api/visualdev/OnlineDev/${modelId}`, { data: JSON.stringify(data) });
  const total = async () => (await admin.post(`/api/visualdev/OnlineDev/${modelId}/List`, {})).body.data.pagination.total as number;

  it('saves a PNG signature and an address with coordinates, and reads them back as stored', async () => {
    const saved = await save(admin, { billNo: 'R1', sig: PNG, place: { fullAddress: '上海市黄浦区', lng: 121.47, lat: 31.23 } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const one = await admin.get(`/api/visualdev/OnlineDev/${modelId}/${saved.body.data.id}`);
    const data = typeof one.body.data.data === 'string' ? JSON.parse(one.body.data.data) : one.body.data.data ?? one.body.data;
    expect(data).toMatchObject({ sig: PNG, place: { fullAddress: '上海市黄浦区', lng: 121.47, lat: 31.23 } });
  });

  it('the one-click signature is the profile\'s default image (SignImg?isDefault=1), which a record may store as it is', async () => {
    const mine = '/api/permission/Users/Current/SignImg';
    expect((await staff.get(`${mine}?isDefault=1`)).body.data).toEqual([]);
    expect((await staff.post(mine, { signImg: PNG })).body.code).toBe(200);
    expect((await staff.post(mine, { signImg: PNG.replace('AAAAAE', 'AAAAAF') })).body.code).toBe(200);
    const all = (await staff.get(mine)).body.data as { isDefault: number }[];
    expect(all).toHaveLength(2);
    const only = (await staff.get(`${mine}?isDefault=1`)).body.data as { signImg: string; isDefault: number }[];
    expect(only).toEqual([expect.objectContaining({ isDefault: 1, signImg: PNG })]);
    const saved = await save(admin, { billNo: 'R2', sig: only[0]!.signImg });
    expect(saved.body.code, saved.body.msg).toBe(200);
  });

  it('refuses a signature that is not a PNG/JPEG image or is too big, and coordinates out of range, writing nothing', async () => {
    const before = await total();
    const cases: Record<string, unknown>[] = [
      { sig: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+' },
      { sig: 'data:image/png;base64,SGVsbG8gd29ybGQ=' }, // claims PNG, holds text
      { sig: 'javascript:alert(1)' },
      { sig: `data:image/png;base64,iVBORw0KGgo${'A'.repeat(300_000)}` },
    ];
    for (const data of cases) {
      const reply = await save(adminEn, { billNo: 'BAD', ...data });
      expect(reply.body.code, String(data.sig).slice(0, 40)).toBe(400);
      expect(reply.body.msg).toContain('签名 must be a PNG or JPEG image of at most 200 KB');
    }
    const place = await save(adminEn, { billNo: 'BAD', place: { fullAddress: 'x', lng: 181, lat: 0 } });
    expect(place.body.code).toBe(400);
    expect(place.body.msg).toContain('longitude must be between -180 and 180');
    expect(await total()).toBe(before);
  });
});

describe('the map tile source of the location field (system configuration mapTileUrl)', () => {
  it('takes an in-site {z}/{x}/{y} template, refuses anything else with a clear message, and is public to signed-in users', async () => {
    for (const bad of ['https://tile.example.com/{z}/{x}/{y}.png', '/tiles/{z}/{x}.png', '/t/{z}/{x}/{y}"><script>']) {
      const reply = await adminEn.put('/api/system/SysConfig', { mapTileUrl: bad });
      expect(reply.body.code, bad).toBe(400);
      expect(reply.body.msg).toMatch(/^The map tile source must be an in-site path template/);
    }
    expect((await admin.get('/api/system/SysConfig')).body.data.mapTileUrl).toBe('');
    expect((await admin.put('/api/system/SysConfig', { mapTileUrl: ' /tiles/{z}/{x}/{y}.png ' })).body.code).toBe(200);
    const me = await east.get('/api/oauth/CurrentUser');
    expect(me.body.data.sysConfigInfo.mapTileUrl).toBe('/tiles/{z}/{x}/{y}.png');
    expect((await admin.put('/api/system/SysConfig', { mapTileUrl: '' })).body.code).toBe(200);
  });
});

