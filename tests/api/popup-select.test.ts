import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, grantModelMenu, makeUser, tokenFor, type MadeUser } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Popup select and related form on the server (issue 12 items 3 and 4): the interface calls a
 * page's popup may run, the save check of popup values, and the related-form picker calls
 * (who may list model B through model A, which columns, which records). SQLite and PostgreSQL.
 */

let server: TestServer;
let admin: ReturnType<typeof client>;
let clerk: MadeUser;
let stranger: MadeUser;
let customersId = '';
let modelA = '';
let openB = '';
let judgedB = '';
const bRecords: string[] = [];
const judgedRecords: string[] = [];

const field = (jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __config__: { jnpfKey, label, layout: 'colFormItem', span: 12, regList: [], ...config }, __vModel__: vModel, ...extra,
});
const columnData = (columns: string[], data = false) => ({
  type: 1, hasPage: true, pageSize: 20, columnList: columns.map((prop) => ({ prop, label: prop })), searchList: [], btnsList: [], columnBtnsList: [],
  useBtnPermission: false, useColumnPermission: false, useFormPermission: false, useDataPermission: data,
});

async function release(enCode: string, fields: unknown[], columns: string[], data = false): Promise<string> {
  const created = await admin.post('/api/visualdev/Base', { fullName: enCode, enCode, category: '测试', type: 1, webType: 2, formData: JSON.stringify({ fields }), columnData: JSON.stringify(columnData(columns, data)), sortCode: 0 });
  expect(created.body.code, created.body.msg).toBe(200);
  expect((await admin.post(`/api/visualdev/Base/${created.body.data.id}/Actions/Release`)).body.code).toBe(200);
  return created.body.data.id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  admin = client(server.url, await tokenFor(db, 'admin'));
  clerk = await makeUser(db, 'popupClerk');
  stranger = await makeUser(db, 'popupStranger');
  const iface = await admin.post('/api/system/DataInterface', {
    fullName: '客户', enCode: 'pCustomers', type: 2,
    queryText: JSON.stringify([{ id: 'c1', fullName: '华东客户', city: '上海' }, { id: 'c2', fullName: '华南客户', city: '广州' }, { id: 'c3', fullName: '华东二部', city: '上海' }]),
    requestParameters: JSON.stringify([{ field: 'city', fieldName: '城市', dataType: 'varchar', defaultValue: '', required: 0 }]),
  });
  expect(iface.body.code, iface.body.msg).toBe(200);
  customersId = iface.body.data.id;

  const bFields = [field('input', 'name', '名称'), field('input', 'code', '编码'), field('input', 'secret', '机密')];
  openB = await release('pOpenB', bFields, ['name', 'code', 'secret']);
  judgedB = await release('pJudgedB', bFields, ['name', 'code', 'secret'], true);
  for (const [i, name] of ['一号仓', '二号仓', '三号仓'].entries()) {
    const r = await admin.post(`/api/visualdev/OnlineDev/${openB}`, { data: JSON.stringify({ name, code: `W${i + 1}`, secret: 's3cret' }) });
    bRecords.push(r.body.data.id);
    judgedRecords.push((await admin.post(`/api/visualdev/OnlineDev/${judgedB}`, { data: JSON.stringify({ name, code: `W${i + 1}`, secret: 's3cret' }) })).body.data.id);
  }
  modelA = await release('pModelA', [
    field('input', 'city', '城市'),
    field('popupSelect', 'customer', '客户', { interfaceId: customersId, propsValue: 'id', relationField: 'fullName', columnOptions: [{ value: 'city', label: '城市' }], templateJson: [{ field: 'city', relationField: 'city', defaultValue: '' }] }),
    field('popupTableSelect', 'customers', '多个客户', { interfaceId: 'pCustomers', propsValue: 'id', relationField: 'fullName', multiple: true }),
    field('relationForm', 'wh', '仓库', { modelId: openB, relationField: 'name', columnOptions: [{ value: 'name', label: '名称' }] }),
    field('relationFormAttr', 'whCode', '仓库编码', { relationField: 'wh', showField: 'code' }, { isStorage: 2 }),
    field('relationForm', 'judged', '受控仓库', { modelId: judgedB, relationField: 'name' }),
    field('input', 'note', '备注'),
  ], ['note', 'customer', 'wh', 'whCode']);
  await grantModelMenu(db, clerk.roleId, modelA, []);
});

afterAll(async () => {
  await server?.close();
});

describe('popup select: running its interface', () => {
  it('lets a user granted a page with a popup select page and look up its interface, and nobody else', async () => {
    const calls = client(server.url, clerk.token);
    const page = await calls.post(`/api/system/DataInterface/${customersId}/Action/List`, { currentPage: 1, pageSize: 2, keyword: '华东', relationField: 'fullName', columnOptions: 'city' });
    expect(page.body.code, page.body.msg).toBe(200);
    expect(page.body.data.pagination.total).toBe(2);
    expect(page.body.data.list.map((r: { id: string }) => r.id)).toEqual(['c1', 'c3']);
    const byIds = await calls.post(`/api/system/DataInterface/${customersId}/Action/InfoByIds`, { ids: ['c2', 'nope'], propsValue: 'id' });
    expect(byIds.body.data).toEqual([{ id: 'c2', fullName: '华南客户', city: '广州' }]);
    const filtered = await calls.post(`/api/system/DataInterface/${customersId}/Action/List`, { currentPage: 1, pageSize: 20, paramList: [{ field: 'city', defaultValue: '广州' }] });
    expect(filtered.body.data.list.map((r: { id: string }) => r.id)).toEqual(['c2']);
    expect((await client(server.url, stranger.token).post(`/api/system/DataInterface/${customersId}/Action/InfoByIds`, { ids: ['c1'] })).status).toBe(403);
  });
});

describe('popup select: the save check', () => {
  const save = (who: ReturnType<typeof client>, data: Record<string, unknown>) => who.post(`/api/visualdev/OnlineDev/${modelA}`, { data: JSON.stringify(data) });

  it('stores rows of the interface and refuses anything else on its field, in the caller’s language', async () => {
    const calls = client(server.url, clerk.token);
    const fine = await save(calls, { customer: 'c1', customers: ['c1', 'c2'], note: 'ok' });
    expect(fine.body.code, fine.body.msg).toBe(200);
    const forged = await save(calls, { customer: 'c9', note: 'x' });
    expect(forged.status).toBe(400);
    expect(forged.body.data.errors).toEqual([{ field: 'customer', message: '客户的值不是其数据接口中的数据' }]);
    const oneBad = await save(calls, { customers: ['c1', '<script>'] });
    expect(oneBad.body.data.errors).toEqual([{ field: 'customers', message: '多个客户的值不是其数据接口中的数据' }]);
    expect((await save(client(server.url, clerk.token, 'en'), { customer: 'c9' })).body.data.errors[0].message).toBe('The value of 客户 is not a row of its data interface');
    expect((await save(client(server.url, clerk.token, 'zh-TW'), { customer: 'c9' })).body.data.errors[0].message).toBe('客户的值不是其資料介面中的資料');
  });

  it('asks with the sibling field’s parameter: a row outside it is refused', async () => {
    const calls = client(server.url, clerk.token);
    expect((await save(calls, { city: '上海', customer: 'c3' })).body.code).toBe(200);
    const outside = await save(calls, { city: '广州', customer: 'c3' });
    expect(outside.body.data.errors).toEqual([{ field: 'customer', message: '客户的值不是其数据接口中的数据' }]);
  });

  it('checks an update only when the value changes', async () => {
    const calls = client(server.url, clerk.token);
    const created = await save(calls, { customer: 'c2', note: 'a' });
    const id = created.body.data.id as string;
    expect((await calls.put(`/api/visualdev/OnlineDev/${modelA}/${id}`, { data: JSON.stringify({ customer: 'c2', note: 'b' }) })).body.code).toBe(200);
    const changed = await calls.put(`/api/visualdev/OnlineDev/${modelA}/${id}`, { data: JSON.stringify({ customer: 'zz' }) });
    expect(changed.status).toBe(400);
    const stored = await server.database.db.selectFrom('visualdevRecord').select('data').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data).customer).toBe('c2');
  });
});

describe('related form: the picker calls', () => {
  const list = (who: ReturnType<typeof client>, key: string, body: Record<string, unknown> = {}) => who.post(`/api/visualdev/OnlineDev/${modelA}/Relation/${key}/List`, { currentPage: 1, pageSize: 20, ...body });

  it('lists model B through model A’s grant: id, the shown field, its columns and the attributes reading it — nothing else', async () => {
    const calls = client(server.url, clerk.token);
    // the clerk holds no grant on B itself
    expect((await calls.post(`/api/visualdev/OnlineDev/${openB}/List`, {})).status).toBe(403);
    const page = await list(calls, 'wh');
    expect(page.body.code, page.body.msg).toBe(200);
    expect(page.body.data.pagination.total).toBe(3);
    expect(Object.keys(page.body.data.list[0]).sort()).toEqual(['code', 'id', 'name']);
    expect(JSON.stringify(page.body.data)).not.toContain('s3cret');
    const keyword = await list(calls, 'wh', { keyword: '二号' });
    expect(keyword.body.data.list.map((r: { name: string }) => r.name)).toEqual(['二号仓']);
    const paged = await list(calls, 'wh', { pageSize: 2, currentPage: 2 });
    expect(paged.body.data.list).toHaveLength(1);
    const byIds = await calls.post(`/api/visualdev/OnlineDev/${modelA}/Relation/wh/InfoByIds`, { ids: [bRecords[2], bRecords[0], 'missing'] });
    expect(byIds.body.data.map((r: { name: string }) => r.name)).toEqual(['三号仓', '一号仓']);
  });

  it('shows a model that judges data only within the caller’s scope there: none without a grant on it, the scheme’s records with one', async () => {
    expect((await list(client(server.url, clerk.token), 'judged')).body.data.pagination.total).toBe(0);
    expect((await list(admin, 'judged')).body.data.pagination.total).toBe(3);
    // granted B's page with a scheme there: exactly the records that scheme allows
    const menuId = await grantModelMenu(server.database.db, clerk.roleId, judgedB, []);
    const scheme = await admin.post(`/api/permission/Authority/Scheme/${menuId}`, { fullName: 'second', enCode: 'secondOnly', scopeType: 'custom', condition: { logic: 'and', conditions: [{ field: 'name', op: 'like', value: '二号' }] } });
    expect(scheme.body.code, scheme.body.msg).toBe(200);
    const granted = await admin.put(`/api/permission/Authority/Data/${clerk.roleId}`, { resource: [scheme.body.data.id] });
    expect(granted.body.code, granted.body.msg).toBe(200);
    const scoped = await list(client(server.url, clerk.token), 'judged');
    expect(scoped.body.data.list.map((r: { name: string }) => r.name)).toEqual(['二号仓']);
    const byIds = await client(server.url, clerk.token).post(`/api/visualdev/OnlineDev/${modelA}/Relation/judged/InfoByIds`, { ids: judgedRecords });
    expect(byIds.body.data.map((r: { name: string }) => r.name)).toEqual(['二号仓']);
  });

  it('refuses without a grant on A, and a field that is not a configured related form', async () => {
    expect((await list(client(server.url, stranger.token), 'wh')).status).toBe(403);
    const notRelation = await list(client(server.url, clerk.token, 'en'), 'note');
    expect(notRelation.status).toBe(400);
    expect(notRelation.body.msg).toBe('This field is not a related form, or its model and shown field are not set');
    expect((await list(client(server.url, clerk.token), 'wh', { pageSize: 0 })).status).toBe(400);
  });

  it('saves a relationFormAttr with isStorage 2', async () => {
    const calls = client(server.url, clerk.token);
    const saved = await calls.post(`/api/visualdev/OnlineDev/${modelA}`, { data: JSON.stringify({ wh: bRecords[1], whCode: 'W2' }) });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const got = await calls.get(`/api/visualdev/OnlineDev/${modelA}/${saved.body.data.id}`);
    expect(JSON.parse(got.body.data.data)).toMatchObject({ wh: bRecords[1], whCode: 'W2' });
  });
});

describe('related form: the save check', () => {
  const save = (who: ReturnType<typeof client>, data: Record<string, unknown>) => who.post(`/api/visualdev/OnlineDev/${modelA}`, { data: JSON.stringify(data) });
  const count = async () => Number((await server.database.db.selectFrom('visualdevRecord').select((eb) => eb.fn.countAll().as('n')).where('modelId', '=', modelA).executeTakeFirstOrThrow()).n);

  it('stores a record its picker offers and refuses a forged or foreign id on its field, in the caller’s language, writing nothing', async () => {
    const calls = client(server.url, clerk.token);
    expect((await save(calls, { wh: bRecords[0] })).body.code).toBe(200);
    const before = await count();
    const forged = await save(calls, { wh: 'forged-id', note: 'x' });
    expect(forged.status).toBe(400);
    expect(forged.body.data.errors).toEqual([{ field: 'wh', message: '仓库的值不是可关联的记录' }]);
    // a record of another model is not a record of the field's model
    expect((await save(calls, { wh: judgedRecords[0] })).body.data.errors).toEqual([{ field: 'wh', message: '仓库的值不是可关联的记录' }]);
    expect((await save(client(server.url, clerk.token, 'en'), { wh: 'forged-id' })).body.data.errors[0].message).toBe('The value of 仓库 is not a record that may be related');
    expect((await save(client(server.url, clerk.token, 'zh-TW'), { wh: 'forged-id' })).body.data.errors[0].message).toBe('仓库的值不是可關聯的記錄');
    expect(await count()).toBe(before);
  });

  it('keeps to the related model’s data scope: only the records the caller’s scheme there allows', async () => {
    // the picker test above granted the clerk judgedB with a scheme allowing 二号仓 only
    const calls = client(server.url, clerk.token);
    expect((await save(calls, { judged: judgedRecords[1] })).body.code).toBe(200);
    const outside = await save(calls, { judged: judgedRecords[0] });
    expect(outside.body.data.errors).toEqual([{ field: 'judged', message: '受控仓库的值不是可关联的记录' }]);
    expect((await save(admin, { judged: judgedRecords[0] })).body.code).toBe(200);
  });

  it('checks an update when the value changes, and leaves the stored record as it was when refused', async () => {
    const calls = client(server.url, clerk.token);
    const id = (await save(calls, { wh: bRecords[2], note: 'a' })).body.data.id as string;
    expect((await calls.put(`/api/visualdev/OnlineDev/${modelA}/${id}`, { data: JSON.stringify({ wh: bRecords[2], note: 'b' }) })).body.code).toBe(200);
    const changed = await calls.put(`/api/visualdev/OnlineDev/${modelA}/${id}`, { data: JSON.stringify({ wh: 'forged-id', note: 'c' }) });
    expect(changed.status).toBe(400);
    const stored = await server.database.db.selectFrom('visualdevRecord').select('data').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).toMatchObject({ wh: bRecords[2], note: 'b' });
  });
});
