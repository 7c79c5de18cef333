import XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';
import { idOf, snapshot, usersClient, type UsersClient } from './permission-users-client';

let server: TestServer;
let admin: UsersClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  admin = usersClient(server, await tokenFor(db, 'admin'));
  for (const code of ['scm', 'scm.operations', 'scm.finance']) ids[code] = await idOf(db, 'baseOrganize', code);
  for (const code of ['operator', 'accountant']) ids[code] = await idOf(db, 'basePosition', code);
  ids.staffRole = await idOf(db, 'baseRole', 'staff');
  ids.operationsGroup = await idOf(db, 'baseGroup', 'operationsGroup');
  const made = await admin.post('', {
    account: 'lisi', realName: '李四', gender: 2, mobilePhone: '13912345678', organizeIds: [ids['scm.finance'], ids['scm.operations']], positionIds: [ids.accountant, ids.operator],
    roleIds: [ids.staffRole], groupIds: [ids.operationsGroup], description: '导出测试',
  });
  expect(made.body.code).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

async function download(url: string): Promise<{ status: number; rows: string[][] }> {
  const res = await fetch(`${server.url}${url}`);
  if (res.status !== 200) {
    await res.text();
    return { status: res.status, rows: [] };
  }
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
  return { status: 200, rows: XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: '', raw: false }) };
}

function workbook(rows: string[][]): Blob {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'users');
  return new Blob([new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)]);
}

async function upload(client: UsersClient, blob: Blob, name = 'users.xlsx') {
  const form = new FormData();
  form.append('file', blob, name);
  return client.post('/Uploader', form);
}

describe('export', () => {
  it('exports the filtered users as xlsx through a one-time link, in the caller language', async () => {
    const link = await admin.get(`/ExportExcel?organizeId=${ids['scm.finance']}`);
    expect(link.body.data.name).toBe('用户信息.xlsx');
    const file = await download(link.body.data.url);
    expect(file.rows[0]).toEqual(['账号', '姓名', '性别', '手机', '邮箱', '所属组织', '岗位', '角色', '分组', '直属主管账号', '用户类型', '状态', '说明']);
    expect(file.rows.slice(1)).toEqual([['lisi', '李四', '女', '13912345678', '', 'scm.finance,scm.operations', 'accountant,operator', 'staff', 'operationsGroup', '', '员工', '启用', '导出测试']]);
    expect((await download(link.body.data.url)).status).toBe(404); // once only

    const english = usersClient(server, await tokenFor(server.database.db, 'admin'), 'en');
    const template = await english.get('/TemplateDownload');
    expect(template.body.data.name).toBe('User import template.xlsx');
    expect((await download(template.body.data.url)).rows).toEqual([['Account', 'Name', 'Gender', 'Mobile', 'E-mail', 'Organizations', 'Positions', 'Roles', 'Groups', 'Manager account', 'User type', 'Status', 'Description']]);
  });
});

describe('import', () => {
  it('round-trips an export: upload, preview, import with per-row failures, failed rows as xlsx', async () => {
    const db = server.database.db;
    const exported = await download((await admin.get('/ExportExcel?keyword=lisi')).body.data.url);
    const [header, lisi] = exported.rows as [string[], string[]];
    const copy = (account: string, change: Record<number, string> = {}) => lisi.map((v, i) => (i === 0 ? account : (change[i] ?? v)));
    const blob = workbook([header, copy('lisi2'), copy('lisi3', { 5: 'no.such.org' }), copy('lisi'), copy('lisi4', { 11: '禁用', 9: 'lisi' }), ['', '', '', '', '', '', '', '', '', '', '', '', '']]);

    const uploaded = await upload(admin, blob);
    expect(uploaded.body).toMatchObject({ code: 200, msg: '上传成功' });
    const preview = await admin.get(`/ImportPreview?fileName=${uploaded.body.data.name}`);
    expect(preview.body.data.headerRow.map((h: { id: string }) => h.id)).toEqual(['account', 'realName', 'gender', 'mobilePhone', 'email', 'organizes', 'positions', 'roles', 'groups', 'manager', 'userKind', 'enabledMark', 'description']);
    const rows = preview.body.data.dataRow;
    expect(rows.map((r: { account: string }) => r.account)).toEqual(['lisi2', 'lisi3', 'lisi', 'lisi4']);

    const manager = usersClient(server, await tokenFor(db, 'staff'));
    expect((await manager.get(`/ImportPreview?fileName=${uploaded.body.data.name}`)).status).toBe(403);

    const result = await admin.post('/ImportData', { list: rows });
    expect(result.body.msg).toBe('导入完成：成功2条，失败2条');
    expect(result.body.data).toMatchObject({ resultType: 1, snum: 2, fnum: 2 });
    expect(result.body.data.failResult.map((r: { account: string; errorsInfo: string }) => [r.account, r.errorsInfo])).toEqual([
      ['lisi3', '所属组织不存在：no.such.org'],
      ['lisi', '账号lisi已存在'],
    ]);
    const lisi2 = await db.selectFrom('baseUser').selectAll().where('account', '=', 'lisi2').executeTakeFirstOrThrow();
    expect(lisi2).toMatchObject({ realName: '李四', gender: 2, mobile: '13912345678', organizeId: ids['scm.finance'], positionId: ids.accountant, enabledMark: 1, description: '导出测试' });
    const info = await admin.get(`/${lisi2.id}`);
    expect(info.body.data).toMatchObject({ organizeIds: [ids['scm.finance'], ids['scm.operations']], positionIds: [ids.accountant, ids.operator], roleIds: [ids.staffRole], groupIds: [ids.operationsGroup] });
    const lisi4 = await db.selectFrom('baseUser').select(['enabledMark', 'managerId']).where('account', '=', 'lisi4').executeTakeFirstOrThrow();
    expect(lisi4.enabledMark).toBe(0);
    expect(lisi4.managerId).not.toBeNull();

    const failed = await admin.post('/ExportExceptionData', { list: result.body.data.failResult });
    const failedFile = await download(failed.body.data.url);
    expect(failedFile.rows[0]!.at(-1)).toBe('异常原因');
    expect(failedFile.rows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([['lisi3', '所属组织不存在：no.such.org'], ['lisi', '账号lisi已存在']]);
  });

  it('reads headers in any of the three languages', async () => {
    const blob = workbook([['帳號', 'Name', '所屬組織', 'Status'], ['tw1', '台一', 'scm.it', '停用']]);
    const uploaded = await upload(admin, blob, 'tw.xls');
    const rows = (await admin.get(`/ImportPreview?fileName=${uploaded.body.data.name}`)).body.data.dataRow;
    expect(rows).toEqual([{ account: 'tw1', realName: '台一', gender: '', mobilePhone: '', email: '', organizes: 'scm.it', positions: '', roles: '', groups: '', manager: '', userKind: '', enabledMark: '停用', description: '' }]);
    expect((await admin.post('/ImportData', { list: rows })).body.data).toMatchObject({ resultType: 0, snum: 1, fnum: 0, failResult: [] });
  });

  it('refuses missing, foreign, oversized and unreadable files and empty imports, writing nothing', async () => {
    const db = server.database.db;
    const before = await snapshot(db);
    expect((await admin.post('/Uploader', new FormData())).body.msg).toBe('请先上传文件');
    expect((await upload(admin, new Blob(['a,b']), 'users.csv')).body.msg).toBe('只能上传xls或xlsx文件');
    expect((await upload(admin, new Blob([new Uint8Array(600 * 1024).fill(1)]), 'big.xlsx')).body.msg).toBe('文件大小不能超过500KB');
    expect((await upload(admin, workbook([['名字'], ['x']]))).body.msg).toBe('文件无法读取，请使用导入模板');
    expect((await upload(admin, workbook([['账号'], ...Array.from({ length: 1001 }, (_, i) => [`u${i}`])]))).body.msg).toBe('导入数据最多1000条');
    expect((await admin.get(`/ImportPreview?fileName=${'a'.repeat(43)}.xlsx`)).body.msg).toBe('上传的文件不存在或已过期，请重新上传');
    expect((await admin.post('/ImportData', { list: [] })).body.msg).toBe('导入数据为空');
    expect(await snapshot(db)).toEqual(before);
  });
});
