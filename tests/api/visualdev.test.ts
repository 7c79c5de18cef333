import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from '@e965/xlsx';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, grantModelMenu, makeUser, tokenFor } from '../helpers/access';
import { goodsDefinition } from './visualdev-fixture';
import { compileModel } from '../../src/runtime/compile';

let server: TestServer;
let admin: ReturnType<typeof client>;
let modelId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(server.database.db, 'admin'));
  const created = await admin.post('/api/visualdev/Base', goodsDefinition());
  expect(created.body.code, created.body.msg).toBe(200);
  modelId = created.body.data.id;
  expect((await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).body.code).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

const records = (path = '') => `/api/visualdev/OnlineDev/${modelId}${path}`;

describe('Base: model definitions', () => {
  it('lists, reads, updates, copies and deletes a model', async () => {
    const list = await admin.get('/api/visualdev/Base?keyword=testGoods&currentPage=1&pageSize=20');
    expect(list.body.data.pagination.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ id: modelId, enCode: 'testGoods', state: 1, category: '测试' });

    const info = await admin.get(`/api/visualdev/Base/${modelId}`);
    expect(typeof info.body.data.formData).toBe('string');
    expect(JSON.parse(info.body.data.formData).fields).toHaveLength(6);

    const copy = await admin.post(`/api/visualdev/Base/${modelId}/Actions/Copy`);
    expect(copy.body.code).toBe(200);
    const copied = await admin.get(`/api/visualdev/Base/${copy.body.data.id}`);
    expect(copied.body.data).toMatchObject({ fullName: '测试商品副本', state: 0 });
    expect(copied.body.data.enCode).toMatch(/^testGoods_\d+$/);

    const renamed = { ...goodsDefinition(copied.body.data.enCode), fullName: '改名' };
    expect((await admin.put(`/api/visualdev/Base/${copy.body.data.id}`, renamed)).body.code).toBe(200);
    expect((await admin.get(`/api/visualdev/Base/${copy.body.data.id}`)).body.data.fullName).toBe('改名');
    // An unreleased model has no record API yet.
    expect((await admin.post(`/api/visualdev/OnlineDev/${copy.body.data.id}/List`, {})).body.code).toBe(400);
    expect((await admin.post(`/api/visualdev/Base/${copy.body.data.id}/Actions/Release`)).body.code).toBe(200);
    expect((await admin.post(`/api/visualdev/OnlineDev/${copy.body.data.id}/List`, {})).body.code).toBe(200);

    expect((await admin.del(`/api/visualdev/Base/${copy.body.data.id}`)).body.code).toBe(200);
    expect((await admin.get(`/api/visualdev/Base/${copy.body.data.id}`)).status).toBe(404);
  });

  it('refuses a duplicate code, bad formData JSON and definitions that do not compile, listing the problems', async () => {
    const dup = await admin.post('/api/visualdev/Base', goodsDefinition());
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('编码已存在');

    const badJson = await admin.post('/api/visualdev/Base', { ...goodsDefinition('badJson'), formData: '{"fields": [' });
    expect(badJson.status).toBe(400);
    expect(badJson.body.msg).toContain('formData');

    // list columns naming fields the form does not have
    const broken = await admin.post('/api/visualdev/Base', { ...goodsDefinition('broken'), formData: { fields: [] } });
    expect(broken.status).toBe(400);
    expect(broken.body.data.problems[0]).toMatchObject({ file: 'visualdev/broken', path: 'columnData.columnList[0].prop', severity: 'error' });
    expect(broken.body.msg).toContain('visualdev/broken/columnData.columnList[0].prop: ');
  });

  it('describes fields and the selector tree', async () => {
    const fields = await admin.get(`/api/visualdev/Base/${modelId}/FormDataFields`);
    expect(fields.body.data.list.map((f: { vModel: string }) => f.vModel)).toEqual(['goodsName', 'goodsCode', 'quantity', 'status', 'costPrice', 'creator', 'createdTime']);
    expect(fields.body.data.list[2]).toMatchObject({ label: '数量', kind: 'inputNumber', jnpfKey: 'numInput' });
    const relation = await admin.get(`/api/visualdev/Base/${modelId}/FieldDataSelect`);
    expect(relation.body.data.list.map((f: { vModel: string }) => f.vModel)).not.toContain('creator');
    const selector = await admin.get('/api/visualdev/Base/Selector');
    const group = selector.body.data.list.find((g: { fullName: string }) => g.fullName === '测试');
    expect(group.children.map((c: { id: string }) => c.id)).toContain(modelId);
  });

  it('keeps the designer to holders of visualdev.model:manage', async () => {
    const staff = client(server.url, await tokenFor(server.database.db, 'staff'));
    expect((await staff.get('/api/visualdev/Base')).status).toBe(403);
    expect((await staff.get('/api/visualdev/Base/Selector')).status).toBe(200);
  });
});

describe('OnlineDev: records', () => {
  it('creates, reads, updates and deletes a record; the server fills system fields', async () => {
    const created = await admin.post(records(), { data: { goodsName: 'Apple', goodsCode: 'G0001', quantity: 5, status: 'on', creator: 'forged', createdTime: 1 } });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id;
    const read = await admin.get(records(`/${id}`));
    const data = JSON.parse(read.body.data.data);
    expect(data).toMatchObject({ goodsName: 'Apple', quantity: 5, status: 'on' });
    // stored values travel raw; the names they reference come beside them
    expect(read.body.data.refs.user[data.creator]).toBe('管理员/admin');
    expect(data.creator).not.toBe('forged');
    expect(data.createdTime).toBeGreaterThan(1_600_000_000_000);

    // data may also come as JSON text, as the designer's forms send it
    expect((await admin.put(records(`/${id}`), { data: JSON.stringify({ goodsName: 'Apple Pie', quantity: 6 }) })).body.code).toBe(200);
    const updated = JSON.parse((await admin.get(records(`/${id}`))).body.data.data);
    expect(updated).toMatchObject({ goodsName: 'Apple Pie', quantity: 6, goodsCode: 'G0001', createdTime: data.createdTime, creator: data.creator });

    const detail = JSON.parse((await admin.get(records(`/${id}/DataChange`))).body.data.data);
    expect(detail.status).toBe('在售');
    expect(detail.creator).toBe('管理员/admin');
    expect(detail.createdTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await admin.del(records(`/${id}`))).body.code).toBe(200);
    expect((await admin.get(records(`/${id}`))).status).toBe(404);
  });

  it('refuses invalid records with the descriptor’s own messages and writes nothing', async () => {
    const before = (await admin.post(records('/List'), {})).body.data.pagination.total;
    const bad = await admin.post(records(), { data: { goodsName: 'bad!name', goodsCode: 'X1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'goodsName', message: '商品名称只能包含字母、数字和空格' },
        { field: 'goodsCode', message: '商品编码格式为G加四位数字' },
        expect.objectContaining({ field: 'quantity' }),
      ]),
    );
    expect(bad.body.msg).toContain('商品名称只能包含字母、数字和空格');
    const missing = await admin.post(records(), { data: { quantity: 1 } });
    expect(missing.body.data.errors).toEqual([{ field: 'goodsName', message: '商品名称不能为空' }]);
    expect((await admin.post(records('/List'), {})).body.data.pagination.total).toBe(before);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await admin.raw('POST', records(), '{"data": {');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    const text = await admin.post(records(), { data: '{not json' });
    expect(text.status).toBe(400);
    expect(text.body.msg).toContain('数据格式错误');
  });
});

describe('OnlineDev: list search, sort, paging, export', () => {
  let ids: string[] = [];
  beforeAll(async () => {
    // 45 records: Item 00..44, quantity = i, codes G0000.., status on for even
    ids = [];
    for (let i = 0; i < 45; i += 1) {
      const r = await admin.post(records(), { data: { goodsName: `Item ${String(i).padStart(2, '0')}`, goodsCode: `G${String(i).padStart(4, '0')}`, quantity: i, status: i % 2 ? 'off' : 'on', costPrice: String(i * 10) } });
      ids.push(r.body.data.id);
    }
  });
  const list = (body: Record<string, unknown>) => admin.post(records('/List'), body);

  it('pages with the spec sizes and the model\'s own, and refuses other sizes', async () => {
    const p1 = await list({ currentPage: 1, pageSize: 20 });
    expect(p1.body.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 45 });
    expect(p1.body.data.list).toHaveLength(20);
    const p3 = await list({ currentPage: 3, pageSize: 20 });
    expect(p3.body.data.list).toHaveLength(5);
    expect((await list({ pageSize: 50 })).body.data.list).toHaveLength(45);
    const refused = await list({ pageSize: 30 });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('每页条数只能是 20, 50, 100, 500');
    expect((await list({ pageSize: 10_000 })).status).toBe(400);
  });

  it('searches by keyword, equals, fuzzy and range', async () => {
    expect((await list({ keyword: 'item 1' })).body.data.pagination.total).toBe(10);
    expect((await list({ status: 'on' })).body.data.pagination.total).toBe(23);
    expect((await list({ goodsCode: 'G0007' })).body.data.list.map((r: { goodsName: string }) => r.goodsName)).toEqual(['Item 07']);
    expect((await list({ goodsName: 'em 4' })).body.data.pagination.total).toBe(5);
    expect((await list({ quantity: [10, 14] })).body.data.pagination.total).toBe(5);
    expect((await list({ quantity: [40, null] })).body.data.pagination.total).toBe(5);
    expect((await list({ quantity: [10, 14], status: 'on' })).body.data.pagination.total).toBe(3);
    // literal % and _ are not wildcards
    expect((await list({ keyword: '%' })).body.data.pagination.total).toBe(0);
  });

  it('sorts by a text and a number column both ways, in SQL', async () => {
    const names = (r: { body: { data?: { list: { goodsName: string }[] } } }) => r.body.data!.list.map((x) => x.goodsName);
    expect(names(await list({ sidx: 'goodsName', sort: 'asc', pageSize: 20 })).slice(0, 3)).toEqual(['Item 00', 'Item 01', 'Item 02']);
    expect(names(await list({ sidx: 'goodsName', sort: 'desc', pageSize: 20 })).slice(0, 2)).toEqual(['Item 44', 'Item 43']);
    const byQty = await list({ sidx: 'quantity', sort: 'desc', pageSize: 20, currentPage: 2 });
    expect(byQty.body.data.list.map((r: { quantity: number }) => r.quantity).slice(0, 3)).toEqual([24, 23, 22]);
    const asc = await list({ sidx: 'quantity', sort: 'asc', pageSize: 20 });
    expect(asc.body.data.list.map((r: { quantity: number }) => r.quantity).slice(0, 3)).toEqual([0, 1, 2]);
    // list rows carry stored values (each page formats them with the kind's formatter) and the names they reference
    expect(asc.body.data.list[0].status).toBe('on');
    const creator = asc.body.data.list[0].creator as string;
    expect(asc.body.data.refs.user[creator]).toBe('管理员/admin');
  });

  it('exports the filtered rows as a real xlsx, downloadable once', async () => {
    const res = await admin.post(records('/Actions/Export'), { dataType: 1, status: 'off', sidx: 'quantity', sort: 'asc' });
    expect(res.body.code, res.body.msg).toBe(200);
    const file = await fetch(`${server.url}${res.body.data.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const book = XLSX.read(Buffer.from(await file.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['商品名称', '商品编码', '数量', '状态', '成本价', '创建人员']);
    expect(rows).toHaveLength(1 + 22);
    expect(rows[1]).toEqual(['Item 01', 'G0001', 1, '停售', '10', '管理员/admin']);
    expect((await fetch(`${server.url}${res.body.data.url}`)).status).toBe(404);

    const page = await admin.post(records('/Actions/Export'), { pageSize: 20, currentPage: 1 });
    const book2 = XLSX.read(Buffer.from(await (await fetch(`${server.url}${page.body.data.url}`)).arrayBuffer()), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(book2.Sheets[book2.SheetNames[0]!]!)).toHaveLength(20);

    const all = await admin.post(records('/Actions/ExportData'), { keyword: 'Item 1' });
    const book3 = XLSX.read(Buffer.from(await (await fetch(`${server.url}${all.body.data.url}`)).arrayBuffer()), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(book3.Sheets[book3.SheetNames[0]!]!)).toHaveLength(10);

    const template = await admin.get(records('/Template'));
    const book4 = XLSX.read(Buffer.from(await (await fetch(`${server.url}${template.body.data.url}`)).arrayBuffer()), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json<unknown[]>(book4.Sheets[book4.SheetNames[0]!]!, { header: 1 })[0]).toEqual(['*商品名称', '商品编码', '*数量', '状态', '成本价']);
  });

  it('deletes in batch', async () => {
    const res = await admin.post(`/api/visualdev/OnlineDev/batchDelete/${modelId}`, { ids: ids.slice(0, 5) });
    expect(res.body.data.deleted).toBe(5);
    expect((await list({})).body.data.pagination.total).toBe(40);
    expect((await list({ goodsCode: 'G0002' })).body.data.pagination.total).toBe(0);
  });
});

describe('OnlineDev: permissions (spec 6)', () => {
  it('refuses 403 without a menu granting the model', async () => {
    const db = server.database.db;
    const nobody = await makeUser(db, 'nobody');
    const c = client(server.url, nobody.token);
    expect((await c.post(records('/List'), {})).status).toBe(403);
    expect((await c.get(records('/Config'))).status).toBe(403);
    expect((await c.post(records(), { data: { goodsName: 'x', quantity: 1 } })).status).toBe(403);
  });

  it('filters columns, form fields and buttons by the user’s grants', async () => {
    const db = server.database.db;
    const clerk = await makeUser(db, 'clerk');
    await grantModelMenu(db, clerk.roleId, modelId, [
      { kind: 'button', enCode: 'btn_add', granted: true },
      { kind: 'button', enCode: 'btn_edit', granted: false },
      { kind: 'button', enCode: 'btn_remove', granted: false },
      { kind: 'button', enCode: 'btn_download', granted: true },
      ...['goodsName', 'goodsCode', 'quantity', 'status'].map((enCode) => ({ kind: 'column' as const, enCode, granted: true })),
      { kind: 'column', enCode: 'costPrice', granted: false },
      ...['goodsName', 'goodsCode', 'quantity'].map((enCode) => ({ kind: 'form' as const, enCode, granted: true })),
      { kind: 'form', enCode: 'costPrice', granted: false },
    ]);
    const c = client(server.url, clerk.token);

    // the definition comes without what the clerk may not see; compiled, it is the filtered model
    const config = await c.get(records('/Config'));
    expect(config.body.code).toBe(200);
    expect(config.body.data).toMatchObject({ id: modelId, enCode: 'testGoods', webType: 2, enableFlow: 0 });
    expect(config.body.data.formData).not.toContain('costPrice');
    expect(config.body.data.columnData).not.toContain('costPrice');
    const compiled = compileModel({ ...config.body.data, formData: config.body.data.formData, columnData: config.body.data.columnData }, { file: 'config' }).model!;
    expect(compiled.list.columns.map((col) => col.prop)).toEqual(['goodsName', 'goodsCode', 'quantity', 'status']);
    expect(Object.keys(compiled.form.fields)).not.toContain('costPrice');
    // status is a column the clerk sees but not a form field they may fill: out of the form, still formatted in the list
    expect(compiled.form.fields.status).toMatchObject({ noShow: true, required: false });
    expect(compiled.list.buttons.map((b) => b.value)).toEqual(['add', 'download']);
    expect(compiled.list.rowButtons.map((b) => b.value)).toEqual([]);
    expect(config.body.data.granted).toMatchObject({ all: false, button: expect.arrayContaining(['btn_add', 'btn_download']) });

    const listed = await c.post(records('/List'), { pageSize: 20 });
    expect(listed.body.data.list.length).toBeGreaterThan(0);
    for (const row of listed.body.data.list) expect(Object.keys(row).sort()).toEqual(['goodsCode', 'goodsName', 'id', 'quantity', 'status']);
    // a column the user may not see can be neither sorted nor searched by
    const probe = await c.post(records('/List'), { costPrice: '100' });
    expect(probe.body.data.pagination.total).toBe(listed.body.data.pagination.total);

    // create: a field outside the form grants is ignored
    const created = await c.post(records(), { data: { goodsName: 'Clerk', quantity: 2, costPrice: '999', status: 'off' } });
    expect(created.body.code, created.body.msg).toBe(200);
    const stored = JSON.parse((await admin.get(records(`/${created.body.data.id}`))).body.data.data);
    expect(stored.costPrice).not.toBe('999');
    expect(stored.status).not.toBe('off');
    expect(JSON.parse((await c.get(records(`/${created.body.data.id}`))).body.data.data)).not.toHaveProperty('costPrice');

    // buttons: no btn_edit, no btn_remove; btn_download granted
    expect((await c.put(records(`/${created.body.data.id}`), { data: { goodsName: 'X' } })).status).toBe(403);
    expect((await c.del(records(`/${created.body.data.id}`))).status).toBe(403);
    expect((await c.post(`/api/visualdev/OnlineDev/batchDelete/${modelId}`, { ids: [created.body.data.id] })).status).toBe(403);
    const exported = await c.post(records('/Actions/Export'), {});
    const book = XLSX.read(Buffer.from(await (await fetch(`${server.url}${exported.body.data.url}`)).arrayBuffer()), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0]).toEqual(['商品名称', '商品编码', '数量', '状态']);
  });

  it('updates keep the stored value of fields outside the form grants', async () => {
    const db = server.database.db;
    const editor = await makeUser(db, 'editor');
    await grantModelMenu(db, editor.roleId, modelId, [
      { kind: 'button', enCode: 'btn_edit', granted: true },
      ...['goodsName', 'quantity'].map((enCode) => ({ kind: 'form' as const, enCode, granted: true })),
    ]);
    const made = await admin.post(records(), { data: { goodsName: 'Kept', quantity: 1, costPrice: '55' } });
    const c = client(server.url, editor.token);
    expect((await c.put(records(`/${made.body.data.id}`), { data: { goodsName: 'Changed', costPrice: '0' } })).body.code).toBe(200);
    const stored = JSON.parse((await admin.get(records(`/${made.body.data.id}`))).body.data.data);
    expect(stored).toMatchObject({ goodsName: 'Changed', costPrice: '55', quantity: 1 });
  });
});
