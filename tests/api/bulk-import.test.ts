import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from '@e965/xlsx';
import { zipSync } from 'fflate';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, grantModelMenu, makeUser, tokenFor } from '../helpers/access';
import { goodLines, ORDER_HEADER, orderDefinition, orderSheet } from './bulk-import-fixture';

let server: TestServer;
let admin: ReturnType<typeof client>;
let token: string;
let modelId: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await tokenFor(server.database.db, 'admin');
  admin = client(server.url, token);
  const created = await admin.post('/api/visualdev/Base', orderDefinition());
  expect(created.body.code, created.body.msg).toBe(200);
  modelId = created.body.data.id;
  expect((await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).body.code).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

const at = (path: string) => `/api/visualdev/OnlineDev/${modelId}${path}`;
const sheetOf = async (url: string) => {
  const book = XLSX.read(Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer()), { type: 'buffer' });
  return { rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: '' }), sheet: book.Sheets[book.SheetNames[0]!]! };
};
async function upload(bytes: Buffer, name = 'orders.xlsx', who = token, language = 'zh-CN') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${server.url}${at('/Uploader')}`, { method: 'POST', headers: { authorization: `Bearer ${who}`, 'x-language': language }, body: form });
  return (await res.json()) as { code: number; msg: string; data: { name: string } };
}
async function preview(bytes: Buffer) {
  const up = await upload(bytes);
  expect(up.code, up.msg).toBe(200);
  return admin.get(at(`/ImportPreview?fileName=${encodeURIComponent(up.data.name)}`));
}
const listAll = async (keyword = '') => (await admin.post(at('/List'), { pageSize: 500, keyword })).body.data;

describe('bulk import: template, preview, import', () => {
  it('the template marks required fields and puts sub-table columns under their table', async () => {
    const res = await admin.get(at('/TemplateDownload'));
    expect(res.body.code, res.body.msg).toBe(200);
    const { rows, sheet } = await sheetOf(res.body.data.url);
    expect(rows).toEqual(ORDER_HEADER);
    expect(sheet['!merges']).toEqual(expect.arrayContaining([{ s: { r: 0, c: 4 }, e: { r: 0, c: 5 } }, { s: { r: 0, c: 0 }, e: { r: 1, c: 0 } }]));
  });

  it('previews records with their child rows, imports the good ones and reports the bad ones with reasons', async () => {
    const lines = [
      ['Alpha', 3, '在售', '2024-05-06', 'P1', 2],
      ['', '', '', '', 'P2', 5],
      ['Bad name!', 1, '在售', '', 'P3', 1],
      ['Beta', 'many', '售罄', '', 'P4', ''],
      ['Gamma', 7, '停售', '', '', 4],
    ];
    const shown = await preview(orderSheet(lines));
    expect(shown.body.code, shown.body.msg).toBe(200);
    expect(shown.body.data.headerRow.map((h: { id: string }) => h.id)).toEqual(['orderName', 'quantity', 'status', 'orderDate', 'lines']);
    expect(shown.body.data.headerRow[4].children).toEqual([{ id: 'product', fullName: '产品', required: true }, { id: 'pieces', fullName: '件数', required: false }]);
    const rows = shown.body.data.dataRow;
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({ orderName: 'Alpha', quantity: '3', status: '在售', orderDate: '2024-05-06', lines: [{ product: 'P1', pieces: '2' }, { product: 'P2', pieces: '5' }] });

    const done = await admin.post(at('/ImportData'), { list: rows });
    expect(done.body.code, done.body.msg).toBe(200);
    expect(done.body.data).toMatchObject({ resultType: 1, snum: 1, fnum: 3 });
    const reasons = done.body.data.failResult.map((r: { orderName: string; errorsInfo: string }) => [r.orderName, r.errorsInfo]);
    expect(reasons[0]).toEqual(['Bad name!', '订单名称只能包含字母、数字和空格']);
    expect(reasons[1][1]).toContain('数量必须为数字');
    expect(reasons[1][1]).toContain('状态的值无法匹配');
    expect(reasons[2][1]).toContain('产品');

    const list = await listAll();
    expect(list.list.map((r: { orderName: string }) => r.orderName)).toEqual(['Alpha']);
    const stored = JSON.parse((await admin.get(at(`/${list.list[0].id}`))).body.data.data);
    expect(stored).toMatchObject({ orderName: 'Alpha', quantity: 3, status: 'on', lines: [{ product: 'P1', pieces: 2 }, { product: 'P2', pieces: 5 }] });
    expect(new Date(stored.orderDate).getDate()).toBe(6);

    const failed = await admin.post(at('/ImportExceptionData'), { list: done.body.data.failResult });
    const { rows: back } = await sheetOf(failed.body.data.url);
    expect(back[0]).toEqual([...ORDER_HEADER[0]!, '异常原因']);
    expect(back[2]).toEqual(['Bad name!', '1', '在售', '', 'P3', '1', '订单名称只能包含字母、数字和空格']);
    expect(back).toHaveLength(2 + 3);
  });

  it('a batch that fails while writing leaves nothing of itself written; the batches before it stay', async () => {
    const db = server.database.db;
    // a database-side failure on one record in the middle of the second batch of 100
    if (server.database.dialect === 'sqlite') {
      await sql`create trigger boom before insert on visualdev_record when new.data like '%Boom%' begin select raise(abort, 'boom'); end`.execute(db);
    } else {
      await sql`create function boom() returns trigger language plpgsql as $$ begin if new.data like '%Boom%' then raise exception 'boom'; end if; return new; end $$`.execute(db);
      await sql`create trigger boom before insert on visualdev_record for each row execute function boom()`.execute(db);
    }
    try {
      const lines = goodLines(150, 'Batch');
      lines[120]![0] = 'Boom';
      const rows = (await preview(orderSheet(lines))).body.data.dataRow;
      const audited = async () => Number((await db.selectFrom('baseAuditLog').select((eb) => eb.fn.countAll().as('n')).where('entity', '=', 'record').where('action', '=', 'create').executeTakeFirst())?.n);
      const auditBefore = await audited();
      const done = await admin.post(at('/ImportData'), { list: rows });
      // the audit rows commit and roll back with their batch
      expect(await audited()).toBe(auditBefore + 100);
      expect(done.body.data).toMatchObject({ snum: 100, fnum: 50 });
      expect(done.body.data.failResult[0].errorsInfo).toBe('保存失败，本批数据均未写入');
      expect((await listAll('Batch')).pagination.total).toBe(100);
      expect((await listAll('Boom')).pagination.total).toBe(0);
    } finally {
      await sql`drop trigger boom${sql.raw(server.database.dialect === 'sqlite' ? '' : ' on visualdev_record')}`.execute(db);
    }
  });
});

describe('bulk import: the older xls format', () => {
  it('previews an .xls (BIFF8) file as it does an .xlsx', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([...ORDER_HEADER, ['Xls One', 4, '停售', '', 'P9', 3]]), 'Sheet1');
    const up = await upload(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer, 'orders.xls');
    expect(up.code, up.msg).toBe(200);
    expect(up.data.name).toMatch(/\.xls$/);
    const shown = await admin.get(at(`/ImportPreview?fileName=${encodeURIComponent(up.data.name)}`));
    expect(shown.body.data.dataRow).toEqual([{ orderName: 'Xls One', quantity: '4', status: '停售', lines: [{ product: 'P9', pieces: '3' }] }]);
  });
});

describe('bulk import: refusals', () => {
  it('refuses a wrong type, a file over 500 KB, more than 1000 rows, a zip bomb and an empty import, with clear messages', async () => {
    expect((await upload(Buffer.from('a,b\n1,2'), 'orders.csv')).msg).toBe('请选择 xls 或 xlsx 格式的文件');
    expect((await upload(Buffer.from('a,b\n1,2'), 'orders.csv', token, 'en')).msg).toBe('Please choose an xls or xlsx file');
    expect((await upload(Buffer.alloc(600 * 1024, 1), 'orders.xlsx', token, 'zh-TW')).msg).toBe('檔案大小不能超過500KB');
    expect((await upload(Buffer.from('not a spreadsheet'), 'orders.xlsx')).msg).toBe('请选择 xls 或 xlsx 格式的文件');
    expect((await upload(Buffer.alloc(600 * 1024, 1), 'orders.xlsx')).msg).toBe('文件大小不能超过500KB');
    const many = await preview(orderSheet(goodLines(1001)));
    expect(many.body.msg).toBe('导入数据不能超过1000行');
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(40 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(500 * 1024);
    const blown = await preview(Buffer.from(bomb));
    expect(blown.body.msg).toBe('文件内容过大或过于复杂，无法读取');
    expect((await admin.post(at('/ImportData'), { list: [] })).body.msg).toBe('导入数据为空');
    // the server still answers at once
    expect((await admin.get(at('/TemplateDownload'))).body.code).toBe(200);
  });

  it('needs the import button, and reads only the uploader\'s own file', async () => {
    const db = server.database.db;
    const clerk = await makeUser(db, 'importClerk');
    await grantModelMenu(db, clerk.roleId, modelId, [{ kind: 'button', enCode: 'btn_upload', granted: false }, { kind: 'button', enCode: 'btn_download', granted: true }]);
    const c = client(server.url, clerk.token);
    expect((await c.get(at('/TemplateDownload'))).status).toBe(403);
    expect((await c.post(at('/ImportData'), { list: [{ orderName: 'X', quantity: '1' }] })).status).toBe(403);
    expect((await upload(orderSheet(goodLines(1)), 'a.xlsx', clerk.token)).code).toBe(403);
    const mine = await upload(orderSheet(goodLines(1)));
    const importer = await makeUser(db, 'importer2');
    await grantModelMenu(db, importer.roleId, modelId, [{ kind: 'button', enCode: 'btn_upload', granted: true }]);
    const other = await client(server.url, importer.token).get(at(`/ImportPreview?fileName=${mine.data.name}`));
    expect(other.body.msg).toBe('上传的文件已失效，请重新上传');
  });
});

describe('export of list data', () => {
  it('exports the current page, all rows or the selected rows, with the chosen columns', async () => {
    const page = await admin.post(at('/Actions/Export'), { dataType: 0, pageSize: 20, currentPage: 1, selectKey: ['quantity', 'orderName'] });
    expect(page.body.code, page.body.msg).toBe(200);
    const pageRows = (await sheetOf(page.body.data.url)).rows;
    expect(pageRows[0]).toEqual(['数量', '订单名称']);
    expect(pageRows).toHaveLength(21);
    expect(typeof pageRows[1]![0]).toBe('number');

    const all = await admin.post(at('/Actions/Export'), { dataType: 1, keyword: 'Batch', selectKey: ['orderName', 'status'] });
    const allRows = (await sheetOf(all.body.data.url)).rows;
    expect(all.body.data.rows).toBe(100);
    expect(allRows).toHaveLength(101);
    expect(new Set(allRows.slice(1).map((r) => r[1]))).toEqual(new Set(['在售', '停售']));

    const ids = (await listAll('Batch')).list.slice(0, 3).map((r: { id: string }) => r.id);
    const picked = await admin.post(at('/Actions/Export'), { dataType: 2, ids: [...ids, 'missing'], selectKey: ['orderName'] });
    const pickedRows = (await sheetOf(picked.body.data.url)).rows;
    expect(pickedRows).toHaveLength(4);
    expect(pickedRows[0]).toEqual(['订单名称']);
    expect((await admin.post(at('/Actions/Export'), { dataType: 2, ids: [] })).status).toBe(400);
    expect((await admin.post(at('/Actions/Export'), { dataType: 0, selectKey: ['nothing'] })).body.msg).toBe('请至少选择一列');
  });
});

describe('bulk import: picker values written as names', () => {
  it('resolves users, departments and organisation paths from their names (demo-order), and refuses a name that matches nobody', async () => {
    const order = (p: string) => `/api/visualdev/OnlineDev/demo-order${p}`;
    const rows = [
      { orderNo: 'IMP-1', goodsName: '导入', quantity: '2', salesDept: '运营部', salesman: '管理员/admin', ownerOrganize: '供应链管理有限公司/运营部', followers: 'admin，staff' },
      { orderNo: 'IMP-2', goodsName: '导入', quantity: '1', salesman: '没有这个人' },
    ];
    const done = await admin.post(order('/ImportData'), { list: rows });
    expect(done.body.code, done.body.msg).toBe(200);
    expect(done.body.data).toMatchObject({ snum: 1, fnum: 1 });
    expect(done.body.data.failResult[0].errorsInfo).toBe('业务员的值无法匹配');
    const db = server.database.db;
    const saved = await db.selectFrom('visualdevRecord').select('data').where('modelId', '=', 'demo-order').where('data', 'like', '%IMP-%').execute();
    expect(saved).toHaveLength(1);
    const stored = JSON.parse(saved[0]!.data);
    const idOf = async (account: string) => (await db.selectFrom('baseUser').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
    const dept = await db.selectFrom('baseOrganize').select(['id', 'parentId']).where('fullName', '=', '运营部').executeTakeFirstOrThrow();
    expect(stored.salesman).toBe(await idOf('admin'));
    expect(stored.followers).toEqual([await idOf('admin'), await idOf('staff')]);
    expect(stored.salesDept).toBe(dept.id);
    expect(stored.ownerOrganize.at(-1)).toBe(dept.id);
    expect(stored.ownerOrganize.at(-2)).toBe(dept.parentId);
  });
});
