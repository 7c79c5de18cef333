import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';

/**
 * Print templates (spec 7.14, issue 11 item 4): every /api/system/printDev route on SQLite and,
 * as api-postgres, PostgreSQL — the calls, refusals in the caller's language, the HTML
 * allow-list, copy and export → import, the picker tree, a model's fields with sub-table
 * columns, and Data/BatchData inside the caller's record scope (outside it answers as missing).
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
let adminEn: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;
let east: ReturnType<typeof client>;
let adminToken: string;

const BASE = '/api/system/printDev';
const ORDER_HTML = '<h1>客户订单</h1><p>编号：{{orderNo}}</p><p>商品：{{goodsName}} × {{quantity}}</p><p><img data-print-qrcode="orderNo"></p><div data-print-page-break=""></div>';
const template = (over: Record<string, unknown> = {}) => ({
  fullName: '订单打印', enCode: 'orderPrint', category: 'sales', type: 2, formId: 'demo-order', templateHtml: ORDER_HTML,
  paperSize: 'A4', orientation: 'portrait', margins: [10, 10, 10, 10], sortCode: 0, enabledMark: 1, description: '', ...over,
});
const upload = async (content: unknown) => {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : JSON.stringify(content)], { type: 'application/json' }), 'export.json');
  const res = await fetch(`${server.url}${BASE}/Actions/Import`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
  return (await res.json()) as { code: number; msg: string; data: any };
};
const orderId = async (orderNo: string) =>
  (await server.database.db.selectFrom('visualdevRecord').select(['id', 'data']).where('modelId', '=', 'demo-order').execute()).find((r) => JSON.parse(r.data).orderNo === orderNo)!.id;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  // the demo's own templates (server/modules/system/print-dev/seed.ts) go: this file counts the ones it makes
  await db.deleteFrom('basePrintDev').execute();
  adminToken = await tokenFor(db, 'admin');
  admin = client(server.url, adminToken);
  adminEn = client(server.url, adminToken, 'en');
  staff = client(server.url, await tokenFor(db, 'staff'));
  east = client(server.url, await tokenFor(db, 'customer'));
});
afterAll(async () => {
  await server?.close();
});

describe('template calls', () => {
  let id: string;

  it('creates, reads, lists (keyword, category, paging), updates and deletes', async () => {
    const created = await admin.post(BASE, template());
    expect(created.body.code, created.body.msg).toBe(200);
    id = created.body.data.id;
    const one = await admin.get(`${BASE}/${id}`);
    expect(one.body.data).toMatchObject({ fullName: '订单打印', enCode: 'orderPrint', category: 'sales', type: 2, formId: 'demo-order', formName: '客户订单', templateHtml: ORDER_HTML, margins: [10, 10, 10, 10], enabledMark: 1, description: null });
    await admin.post(BASE, template({ enCode: 'otherPrint', fullName: '采购打印', category: 'purchase' }));

    const byKeyword = await admin.get(`${BASE}?keyword=ORDERPRINT`);
    expect(byKeyword.body.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['orderPrint']);
    const byCategory = await admin.get(`${BASE}?category=purchase`);
    expect(byCategory.body.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['otherPrint']);
    const paged = await admin.get(`${BASE}?pageSize=1&currentPage=2`);
    expect(paged.body.data.pagination).toEqual({ currentPage: 2, pageSize: 1, total: 2 });
    expect(paged.body.data.list).toHaveLength(1);

    const updated = await admin.put(`${BASE}/${id}`, template({ fullName: '订单打印单', orientation: 'landscape', margins: [5, 6, 7, 8] }));
    expect(updated.body.code, updated.body.msg).toBe(200);
    expect((await admin.get(`${BASE}/${id}`)).body.data).toMatchObject({ fullName: '订单打印单', orientation: 'landscape', margins: [5, 6, 7, 8] });

    const other = byCategory.body.data.list[0].id;
    expect((await admin.del(`${BASE}/${other}`)).body.code).toBe(200);
    expect((await admin.get(`${BASE}/${other}`)).status).toBe(404);
    const audit = await server.database.db.selectFrom('baseAuditLog').select('action').where('entityId', '=', other).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete']);
  });

  it('refuses bad input with messages in the caller\'s language and writes nothing', async () => {
    const before = (await admin.get(BASE)).body.data.pagination.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '' }, 'Enter the template name'],
      [{ enCode: 'a b' }, 'The template code may contain letters, digits, dots, underscores and hyphens, starting with a letter or digit'],
      [{ enCode: 'orderPrint' }, 'The template code already exists'],
      [{ category: 'nope' }, 'The template category does not exist'],
      [{ type: 3 }, 'The template type must be 1 (flow) or 2 (form)'],
      [{ formId: 'no-such-model' }, 'The form the template prints does not exist'],
      [{ templateHtml: '' }, 'Enter the template content'],
      [{ paperSize: 'A0' }, 'The paper size must be one of A4、A5、A3、B5、Letter'],
      [{ margins: [1, 2, 3] }, 'Margins must be four numbers from 0 to 100 mm (top, right, bottom, left)'],
    ];
    for (const [over, msg] of cases) {
      const reply = await adminEn.post(BASE, template({ enCode: 'fresh', ...over }));
      expect(reply.body.code, JSON.stringify(over)).toBe(400);
      expect(reply.body.msg).toBe(msg);
    }
    expect((await admin.post(BASE, template({ enCode: 'fresh', fullName: '' }))).body.msg).toBe('请输入模板名称');
    expect((await admin.get(BASE)).body.data.pagination.total).toBe(before);
    expect((await admin.get(`${BASE}/nope`)).body.msg).toBe('打印模板不存在');
  });

  it('sanitises on save: scripts, event handlers, javascript: URLs and unknown tags are refused, the editor\'s markup passes', async () => {
    const refused: [string, string][] = [
      ['<p>a</p><script>alert(1)</script>', 'The template content may not use the tag <script>'],
      ['<p onclick="alert(1)">a</p>', 'The template content may not contain the event handler onclick'],
      ['<a href="javascript:alert(1)">x</a>', 'The href address in the template is not safe (only http, https, in-site addresses and image data are allowed)'],
      ['<a href="java&#115;cript:alert(1)">x</a>', 'The href address in the template is not safe (only http, https, in-site addresses and image data are allowed)'],
      ['<img src=" javascript:alert(1)">', 'The src address in the template is not safe (only http, https, in-site addresses and image data are allowed)'],
      ['<p style="background:url(http://x)">a</p>', 'Styles in the template may not contain scripts or outside addresses'],
      ['<iframe src="/x"></iframe>', 'The template content may not use the tag <iframe>'],
      ['<p>a<!-- <script> --></p>', 'The template content may not contain comments'],
      ['<p>a', 'The tag <p> in the template is not closed properly'],
      ['<p>a < b</p>', 'The template HTML is malformed near: < b</p>'],
    ];
    for (const [html, msg] of refused) {
      const reply = await adminEn.post(BASE, template({ enCode: 'sanitised', templateHtml: html }));
      expect(reply.body.msg, html).toBe(msg);
    }
    const editorHtml = '<p><strong>{{orderNo}}</strong> <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">link</a></p><div data-print-rows="items"><p>{{items.sku}}</p></div><p><img data-print-barcode="orderNo" alt="orderNo"><img src="data:image/png;base64,iVBORw0KGgo="></p><hr>';
    const ok = await admin.post(BASE, template({ enCode: 'sanitised', templateHtml: editorHtml }));
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect((await admin.get(`${BASE}/${ok.body.data.id}`)).body.data.templateHtml).toBe(editorHtml);
    await admin.del(`${BASE}/${ok.body.data.id}`);
  });

  it('copies as a disabled template with a copy name; exports, and imports the file back', async () => {
    const copied = await adminEn.post(`${BASE}/${id}/Actions/Copy`);
    expect(copied.body.code, copied.body.msg).toBe(200);
    const copy = (await admin.get(`${BASE}/${copied.body.data.id}`)).body.data;
    expect(copy.enCode).toMatch(/^orderPrint\.copy\d{5}$/);
    expect(copy.fullName).toMatch(/^订单打印单\.copy\d{5}$/);
    expect(copy).toMatchObject({ enabledMark: 0, templateHtml: ORDER_HTML, orientation: 'landscape' });

    const link = await admin.get(`${BASE}/${id}/Actions/Export`);
    expect(link.body.data.url).toMatch(/^\/api\/system\/printDev\/Download\//);
    const res = await fetch(`${server.url}${link.body.data.url}`);
    expect(res.headers.get('content-disposition')).toContain('orderPrint.json');
    const file = (await res.json()) as { kind: string; template: Record<string, unknown> };
    expect(file).toMatchObject({ kind: 'printDev', version: 1, template: { enCode: 'orderPrint', templateHtml: ORDER_HTML, margins: [5, 6, 7, 8] } });

    expect((await upload(file)).msg).toBe('模板编码「orderPrint」已存在，请先修改已有模板的编码');
    expect((await upload('{nope')).msg).toMatch(/^导入文件不是打印模板的导出文件/);
    expect((await upload({ ...file, template: { ...file.template, enCode: 'evil', templateHtml: '<script>x</script>' } })).msg).toBe('模板内容不能使用标签 <script>');
    const imported = await upload({ ...file, template: { ...file.template, enCode: 'orderPrint2' } });
    expect(imported.code, imported.msg).toBe(200);
    expect((await admin.get(`${BASE}/${imported.data.id}`)).body.data).toMatchObject({ enCode: 'orderPrint2', templateHtml: ORDER_HTML, orientation: 'landscape', formId: 'demo-order' });
  });

  it('getListOptions names the enabled ones of the given ids; Selector/2 is a category tree of enabled form templates', async () => {
    const list = (await admin.get(`${BASE}?pageSize=50`)).body.data.list as { id: string; enCode: string; enabledMark: number }[];
    const options = await east.post(`${BASE}/getListOptions`, { ids: list.map((r) => r.id) });
    expect(options.body.data.map((o: { enCode: string }) => o.enCode).sort()).toEqual(['orderPrint', 'orderPrint2']);
    const tree = await east.get(`${BASE}/Selector/2`);
    expect(tree.body.data.list).toEqual([
      { id: 'sales', fullName: '销售业务', hasChildren: true, children: expect.arrayContaining([expect.objectContaining({ enCode: 'orderPrint', formId: 'demo-order', hasChildren: false })]) },
    ]);
    expect((await east.get(`${BASE}/Selector/1`)).body.data.list).toEqual([]);
    expect((await east.get(`${BASE}/Selector/3`)).body.code).toBe(400);
  });
});

describe('printing a record', () => {
  let templateId: string;
  beforeAll(async () => {
    templateId = (await admin.get(`${BASE}?keyword=orderPrint2`)).body.data.list[0].id;
    await admin.put(`${BASE}/${templateId}`, { ...(await admin.get(`${BASE}/${templateId}`)).body.data, enabledMark: 1 });
  });

  it('Data fills the template with a record the caller may read; another organisation\'s record answers as missing', async () => {
    const eastId = await orderId('EAST-0001');
    const data = await east.get(`${BASE}/Data?id=${templateId}&recordId=${eastId}`);
    expect(data.body.code, data.body.msg).toBe(200);
    expect(data.body.data.record.fields.orderNo).toBe('EAST-0001');
    expect(data.body.data.html).toContain('<p>编号：EAST-0001</p>');
    expect(data.body.data.html).toContain('class="print-qrcode"');
    expect(data.body.data.template.enCode).toBe('orderPrint2');

    const south = await east.get(`${BASE}/Data?id=${templateId}&recordId=${await orderId('SOUTH-0001')}`);
    expect(south.status).toBe(404);
    expect(south.body.msg).toBe((await east.get(`${BASE}/Data?id=${templateId}&recordId=nosuchrecord`)).body.msg);
  });

  it('Data with formId alone gives the newest record in scope (the editor\'s preview); refusals are clear', async () => {
    const newest = await east.get(`${BASE}/Data?formId=demo-order`);
    expect(newest.body.data.template).toBeNull();
    expect(newest.body.data.record.fields.orderNo).toMatch(/^EAST-/);
    expect((await adminEn.get(`${BASE}/Data`)).body.msg).toBe('Name the print template or the form');
    expect((await adminEn.get(`${BASE}/Data?id=${templateId}`)).body.msg).toBe('Choose the records to print');
    expect((await adminEn.get(`${BASE}/Data?id=${templateId}&formId=demo-model&recordId=x`)).body.msg).toBe('The print template belongs to another form');
    // a model the customer has no menu for
    expect((await east.get(`${BASE}/Data?formId=demo-model`)).status).toBe(403);
  });

  it('BatchData prints several records in order; one outside the scope answers as missing', async () => {
    const ids = [await orderId('EAST-0002'), await orderId('EAST-0001')];
    const batch = await east.get(`${BASE}/BatchData?id=${templateId}&recordIds=${ids.join(',')}`);
    expect(batch.body.code, batch.body.msg).toBe(200);
    expect(batch.body.data.list.map((p: { record: { fields: { orderNo: string } } }) => p.record.fields.orderNo)).toEqual(['EAST-0002', 'EAST-0001']);
    const mixed = await east.get(`${BASE}/BatchData?id=${templateId}&recordIds=${ids[0]},${await orderId('SOUTH-0001')}`);
    expect(mixed.status).toBe(404);
  });

  it('a disabled template is not printed by others, but its managers still preview it', async () => {
    const copyId = (await admin.get(`${BASE}?keyword=copy`)).body.data.list[0].id;
    const eastId = await orderId('EAST-0001');
    expect((await east.get(`${BASE}/Data?id=${copyId}&recordId=${eastId}`)).status).toBe(404);
    expect((await admin.get(`${BASE}/Data?id=${copyId}&recordId=${eastId}`)).body.code).toBe(200);
  });

  it('Fields lists a model\'s fields and sub-table columns; Data repeats the rows block per sub-table row with display texts', async () => {
    const form = { fields: [
      { __config__: { jnpfKey: 'input', label: '单号' }, __vModel__: 'billNo' },
      { __config__: { jnpfKey: 'table', label: '明细', children: [
        { __config__: { jnpfKey: 'input', label: 'SKU' }, __vModel__: 'sku' },
        { __config__: { jnpfKey: 'select', label: '状态', dataType: 'static', props: { label: 'fullName', value: 'id' } }, __vModel__: 'state', options: [{ fullName: '在库', id: 'in' }] },
      ] }, __vModel__: 'items' },
    ] };
    const columns = { type: 1, columnList: [{ prop: 'billNo', label: '单号' }], searchList: [], btnsList: [], columnBtnsList: [] };
    const model = await admin.post('/api/visualdev/Base', { fullName: '出库单', enCode: 'printOut', formData: form, columnData: columns });
    expect(model.body.code, model.body.msg).toBe(200);
    const modelId = model.body.data.id;
    expect((await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).body.code).toBe(200);
    const fields = await admin.post(`${BASE}/Fields`, { formId: modelId });
    expect(fields.body.data).toEqual({
      fields: [{ field: 'billNo', label: '单号', kind: 'input' }],
      tables: [{ table: 'items', label: '明细', columns: [{ field: 'sku', label: 'SKU', kind: 'input' }, { field: 'state', label: '状态', kind: 'select' }] }],
    });
    const record = await admin.post(`/api/visualdev/OnlineDev/${modelId}`, { data: JSON.stringify({ billNo: 'OUT-1', items: [{ sku: 'A<1>', state: 'in' }, { sku: 'B2', state: 'in' }] }) });
    expect(record.body.code, record.body.msg).toBe(200);
    const html = '<p>{{billNo}}</p><table><tbody><tr data-print-rows="items"><td>{{items.sku}}</td><td>{{items.state}}</td></tr></tbody></table>';
    const tpl = await admin.post(BASE, template({ enCode: 'outPrint', formId: modelId, templateHtml: html }));
    expect(tpl.body.code, tpl.body.msg).toBe(200);
    const data = await admin.get(`${BASE}/Data?id=${tpl.body.data.id}&recordId=${record.body.data.id}`);
    expect(data.body.data.html).toBe('<p>OUT-1</p><table><tbody><tr data-print-rows="items"><td>A&lt;1&gt;</td><td>在库</td></tr><tr data-print-rows="items"><td>B2</td><td>在库</td></tr></tbody></table>');
  });
});

describe('who may call', () => {
  it('managing templates needs system.printDev:manage; reading for printing needs only a sign-in', async () => {
    for (const reply of [await staff.get(BASE), await staff.post(BASE, template({ enCode: 'x' })), await east.post(`${BASE}/Fields`, { formId: 'demo-order' })]) {
      expect(reply.status).toBe(403);
    }
    expect((await east.get(`${BASE}/Selector/2`)).body.code).toBe(200);
    expect((await client(server.url, null).get(`${BASE}/Selector/2`)).body.code).not.toBe(200);
  });
});
