import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import { seedDictionaryDemo } from '../../server/modules/dictionary';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
const tokens: Record<string, string> = {};

interface Reply<T = any> {
  status: number;
  body: { code: number; msg: string; data: T };
}

async function call<T = any>(who: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body instanceof FormData ? body : body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Reply<T>['body'] };
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  // The demo seed (run by startTestServer) created its categories beside the system ones of the
  // migrations (sex, Education, Nation, certificateType, businessType, messageType, messageChannel);
  // running it again adds nothing. Named, not counted: each new migration's dictionary would break a count.
  expect(await seedDictionaryDemo(db)).toBe(0);
  const codes = (await db.selectFrom('baseDictionaryType').select('enCode').execute()).map((t) => t.enCode);
  expect(codes).toEqual(expect.arrayContaining(['sex', 'Education', 'Nation', 'certificateType', 'businessType', 'messageType', 'messageChannel']));
  expect(new Set(codes).size).toBe(codes.length);
  expect(await seedDictionaryDemo(db)).toBe(0); // idempotent
  for (const account of ['admin', 'staff', 'customer']) {
    const user = await db.selectFrom('baseUser').select('id').where('account', '=', account).executeTakeFirstOrThrow();
    tokens[account] = (await createSession(db, user.id, { idleSeconds: 3600 })).token;
  }
});
afterAll(async () => {
  await server?.close();
});

const names = (nodes: { fullName: string; children?: unknown[] }[]): unknown[] =>
  nodes.map((n) => (n.children && n.children.length ? { [n.fullName]: names(n.children as never) } : n.fullName));

async function typeIdOf(enCode: string): Promise<string> {
  const row = await server.database.db.selectFrom('baseDictionaryType').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow();
  return row.id;
}

describe('dictionary categories', () => {
  it('lists the category tree for any signed-in user, and nobody else', async () => {
    const res = await call('customer', 'GET', '/api/system/DictionaryType');
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((t: { enCode: string }) => t.enCode)).toEqual(['goodsCategory', 'unit', 'orderStatus', 'payMethod', 'dataInterfaceType', 'sex', 'Education', 'Nation', 'certificateType', 'businessType', 'messageType', 'messageChannel']);
    const anonymous = await call(null, 'GET', '/api/system/DictionaryType');
    expect(anonymous.body.code).toBe(600);
  });

  it('creates, reads, updates and deletes a category with messages in the caller language', async () => {
    const created = await call('admin', 'POST', '/api/system/DictionaryType', { parentId: '-1', fullName: '仓库类型', enCode: 'warehouseType', isTree: 0, sortCode: 9, description: 'x' });
    expect(created.body).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.body.data.id as string;
    const got = await call('customer', 'GET', `/api/system/DictionaryType/${id}`);
    expect(got.body.data).toMatchObject({ id, parentId: '-1', fullName: '仓库类型', enCode: 'warehouseType', isTree: 0, sortCode: 9, description: 'x' });
    const updated = await call('admin', 'PUT', `/api/system/DictionaryType/${id}`, { parentId: '-1', fullName: '仓库类别', enCode: 'warehouseKind', isTree: 1, sortCode: 10 }, { 'x-language': 'en' });
    expect(updated.body).toEqual({ code: 200, msg: 'Saved' });
    const after = await call('admin', 'GET', `/api/system/DictionaryType/${id}`);
    expect(after.body.data).toMatchObject({ fullName: '仓库类别', enCode: 'warehouseKind', isTree: 0, sortCode: 10, description: null }); // isTree is fixed
    const removed = await call('admin', 'DELETE', `/api/system/DictionaryType/${id}`, undefined, { 'x-language': 'zh-TW' });
    expect(removed.body).toEqual({ code: 200, msg: '刪除成功' });
    expect((await call('admin', 'GET', `/api/system/DictionaryType/${id}`)).status).toBe(404);
  });

  it('applies every rule of the category form with the spec messages', async () => {
    const base = { parentId: '-1', fullName: '测试分类', enCode: 'testType', isTree: 0, sortCode: 0 };
    const cases: [Record<string, unknown>, string][] = [
      [{ parentId: '' }, '上级菜单不能为空'],
      [{ fullName: '' }, '请输入名称'],
      [{ fullName: '测试-分类' }, '名称不能含有特殊符号'],
      [{ fullName: '名'.repeat(51) }, '名称最多为50个字符！'],
      [{ enCode: '' }, '请输入编码'],
      [{ enCode: '.test' }, '只能输入英文、数字和小数点且小数点不能放在首尾'],
      [{ enCode: 'test_type' }, '只能输入英文、数字和小数点且小数点不能放在首尾'],
      [{ enCode: 'a'.repeat(51) }, '编码最多为50个字符！'],
      [{ sortCode: 1000000 }, '排序必须是0到999999之间的整数'],
      [{ sortCode: -1 }, '排序必须是0到999999之间的整数'],
      [{ enCode: 'unit' }, '分类编码已存在'],
      [{ parentId: 'nope' }, '上级不存在'],
    ];
    for (const [change, msg] of cases) {
      const res = await call('admin', 'POST', '/api/system/DictionaryType', { ...base, ...change });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg, JSON.stringify(change)).toBe(msg);
    }
    const en = await call('admin', 'POST', '/api/system/DictionaryType', { ...base, fullName: '' }, { 'x-language': 'en' });
    expect(en.body.msg).toBe('Please enter a name');
    // A code with dots in the middle is fine.
    const ok = await call('admin', 'POST', '/api/system/DictionaryType', { ...base, enCode: 'test.v2' });
    expect(ok.body.code).toBe(200);
    await call('admin', 'DELETE', `/api/system/DictionaryType/${ok.body.data.id}`);
  });

  it('the parent picker has a top node -1 and leaves out the category and its descendants', async () => {
    const parent = await call('admin', 'POST', '/api/system/DictionaryType', { parentId: '-1', fullName: '父分类', enCode: 'parentType' });
    const child = await call('admin', 'POST', '/api/system/DictionaryType', { parentId: parent.body.data.id, fullName: '子分类', enCode: 'childType' });
    const list = await call('admin', 'GET', '/api/system/DictionaryType');
    const node = list.body.data.list.find((t: { enCode: string }) => t.enCode === 'parentType');
    expect(node.children.map((c: { enCode: string }) => c.enCode)).toEqual(['childType']);
    const picker = await call('admin', 'GET', `/api/system/DictionaryType/Selector/${parent.body.data.id}`);
    expect(picker.body.data.list).toHaveLength(1);
    expect(picker.body.data.list[0]).toMatchObject({ id: '-1', fullName: '顶级节点' });
    const codes = JSON.stringify(picker.body.data.list);
    expect(codes).not.toContain('parentType');
    expect(codes).not.toContain('childType');
    expect(codes).toContain('goodsCategory');
    const all = await call('admin', 'GET', '/api/system/DictionaryType/Selector/0');
    expect(JSON.stringify(all.body.data.list)).toContain('childType');
    // A category cannot move below its own descendant.
    const cycle = await call('admin', 'PUT', `/api/system/DictionaryType/${parent.body.data.id}`, { parentId: child.body.data.id, fullName: '父分类', enCode: 'parentType' });
    expect(cycle.body.msg).toBe('上级不能是自己或自己的下级');
    // Deleting refuses while sub-categories exist.
    const refused = await call('admin', 'DELETE', `/api/system/DictionaryType/${parent.body.data.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('该分类下有子分类，不能删除');
    await call('admin', 'DELETE', `/api/system/DictionaryType/${child.body.data.id}`);
    expect((await call('admin', 'DELETE', `/api/system/DictionaryType/${parent.body.data.id}`)).body.code).toBe(200);
  });

  it('refuses to delete a category that has entries', async () => {
    const res = await call('admin', 'DELETE', `/api/system/DictionaryType/${await typeIdOf('unit')}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('该分类下有字典数据，不能删除');
  });
});

describe('dictionary entries', () => {
  it('answers a tree for a tree category, flat on request, by id or by enCode', async () => {
    const byCode = await call('customer', 'GET', '/api/system/DictionaryData/goodsCategory');
    expect(byCode.status).toBe(200);
    expect(names(byCode.body.data.list)).toEqual([{ 钢材: ['螺纹钢', '线材'] }, '煤炭', '有色金属']);
    expect(byCode.body.data.list[0]).toMatchObject({ hasChildren: true, enabledMark: 1, parentId: '0' });
    const byId = await call('customer', 'GET', `/api/system/DictionaryData/${await typeIdOf('goodsCategory')}`);
    expect(byId.body.data.list).toEqual(byCode.body.data.list);
    const flat = await call('customer', 'GET', '/api/system/DictionaryData/goodsCategory?isTree=0');
    expect(flat.body.data.list.map((e: { fullName: string }) => e.fullName).sort()).toEqual(['有色金属', '煤炭', '线材', '螺纹钢', '钢材'].sort());
    const keyword = await call('customer', 'GET', `/api/system/DictionaryData/goodsCategory?keyword=${encodeURIComponent('螺纹')}`);
    expect(names(keyword.body.data.list)).toEqual([{ 钢材: ['螺纹钢'] }]);
    const units = await call('customer', 'GET', '/api/system/DictionaryData/unit');
    expect(units.body.data.list.map((e: { enCode: string; children: unknown[] }) => [e.enCode, e.children.length])).toEqual([['t', 0], ['kg', 0], ['pcs', 0]]);
    expect((await call('customer', 'GET', '/api/system/DictionaryData/nothing')).status).toBe(404);
  });

  it('serves select options and the all-dictionaries cache', async () => {
    const options = await call('customer', 'GET', '/api/system/DictionaryData/goodsCategory/Data/Selector');
    expect(names(options.body.data.list)).toEqual([{ 钢材: ['螺纹钢', '线材'] }, '煤炭', '有色金属']);
    expect(Object.keys(options.body.data.list[0]).sort()).toEqual(['children', 'enCode', 'fullName', 'hasChildren', 'id', 'parentId']);
    const steel = options.body.data.list[0].id;
    const below = await call('customer', 'GET', `/api/system/DictionaryData/goodsCategory/${steel}/Data/Selector`);
    expect(names(below.body.data.list)).toEqual(['螺纹钢', '线材']);
    const all = await call('customer', 'GET', '/api/system/DictionaryData/All');
    const pay = all.body.data.list.find((t: { enCode: string }) => t.enCode === 'payMethod');
    expect(pay.dictionaryList.map((e: { fullName: string }) => e.fullName)).toEqual(['银行转账', '承兑汇票', '信用证']);
  });

  it('stores parentId 0 when the chosen parent is the category itself, and checks the entry form', async () => {
    const typeId = await typeIdOf('goodsCategory');
    const top = await call('staff', 'POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, parentId: typeId, fullName: '化工', enCode: 'chemical', enabledMark: 1, sortCode: 5 });
    expect(top.body).toMatchObject({ code: 200, msg: '新建成功' });
    const info = await call('customer', 'GET', `/api/system/DictionaryData/${top.body.data.id}/Info`);
    expect(info.body.data).toMatchObject({ parentId: '0', dictionaryTypeId: typeId, fullName: '化工', enCode: 'chemical', sortCode: 5, enabledMark: 1 });
    const child = await call('staff', 'POST', '/api/system/DictionaryData', { dictionaryTypeId: 'goodsCategory', parentId: top.body.data.id, fullName: '塑料 (PE)', enCode: 'chemical.pe' });
    expect(child.body.code).toBe(200);
    expect((await call('staff', 'GET', `/api/system/DictionaryData/${child.body.data.id}/Info`)).body.data.parentId).toBe(top.body.data.id);

    // The entry parent picker: the category as top node, without the entry and its descendants.
    const picker = await call('staff', 'GET', `/api/system/DictionaryData/${typeId}/Selector/${top.body.data.id}`);
    expect(picker.body.data.list[0]).toMatchObject({ id: typeId, fullName: '商品分类' });
    expect(JSON.stringify(picker.body.data.list)).not.toContain('chemical');
    expect(JSON.stringify(picker.body.data.list)).toContain('steel.rebar');
    // A new entry's form asks with 0: every entry is offered, the top-level ones included.
    const fresh = await call('staff', 'GET', `/api/system/DictionaryData/${typeId}/Selector/0`);
    expect(names(fresh.body.data.list[0].children)).toEqual([{ 钢材: ['螺纹钢', '线材'] }, '煤炭', '有色金属', { 化工: ['塑料 (PE)'] }]);

    // In a flat category the parent is always '0'.
    const unitId = await typeIdOf('unit');
    const flat = await call('staff', 'POST', '/api/system/DictionaryData', { dictionaryTypeId: unitId, parentId: top.body.data.id, fullName: '箱', enCode: 'box' });
    expect((await call('staff', 'GET', `/api/system/DictionaryData/${flat.body.data.id}/Info`)).body.data.parentId).toBe('0');

    const base = { dictionaryTypeId: unitId, parentId: unitId, fullName: '盒', enCode: 'case', sortCode: 1, enabledMark: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ parentId: '' }, '请选择'],
      [{ fullName: ' ' }, '请输入名称'],
      [{ fullName: '盒'.repeat(51) }, '字典名称最多为50个字符！'],
      [{ enCode: '' }, '请输入编码'],
      [{ enCode: 'c'.repeat(51) }, '字典编码最多为50个字符！'],
      [{ enCode: 'case.' }, '只能输入英文、数字和小数点且小数点不能放在首尾'],
      [{ sortCode: 1000000 }, '排序必须是0到999999之间的整数'],
      [{ enabledMark: 2 }, '状态只能是1或0'],
      [{ enCode: 'kg' }, '字典编码已存在'],
    ];
    for (const [change, msg] of cases) {
      const res = await call('staff', 'POST', '/api/system/DictionaryData', { ...base, ...change });
      expect(res.body.msg, JSON.stringify(change)).toBe(msg);
      expect(res.status).toBe(400);
    }
    // The same code in another category is fine.
    expect((await call('staff', 'POST', '/api/system/DictionaryData', { ...base, dictionaryTypeId: 'payMethod', parentId: 'payMethod', enCode: 'kg' })).body.code).toBe(200);

    // Update, then deletion refused while the entry has children.
    const upd = await call('staff', 'PUT', `/api/system/DictionaryData/${top.body.data.id}`, { parentId: typeId, fullName: '化工产品', enCode: 'chemical', sortCode: 6 });
    expect(upd.body.msg).toBe('修改成功');
    const refused = await call('staff', 'DELETE', `/api/system/DictionaryData/${top.body.data.id}`);
    expect(refused.body.msg).toBe('该字典下有子数据，不能删除');
    expect((await call('staff', 'DELETE', `/api/system/DictionaryData/${child.body.data.id}`)).body.msg).toBe('删除成功');
    expect((await call('staff', 'DELETE', `/api/system/DictionaryData/${top.body.data.id}`)).body.code).toBe(200);
  });

  it('toggles the status; disabled entries leave the select options', async () => {
    const units = await call('staff', 'GET', '/api/system/DictionaryData/unit');
    const kg = units.body.data.list.find((e: { enCode: string }) => e.enCode === 'kg');
    const off = await call('staff', 'PUT', `/api/system/DictionaryData/${kg.id}/Actions/State`);
    expect(off.body).toEqual({ code: 200, msg: '更新成功', data: { enabledMark: 0 } });
    const options = await call('customer', 'GET', '/api/system/DictionaryData/unit/Data/Selector');
    expect(options.body.data.list.map((e: { enCode: string }) => e.enCode)).not.toContain('kg');
    expect((await call('staff', 'GET', `/api/system/DictionaryData/${kg.id}/Info`)).body.data.enabledMark).toBe(0);
    const on = await call('staff', 'PUT', `/api/system/DictionaryData/${kg.id}/Actions/State`);
    expect(on.body.data.enabledMark).toBe(1);
  });

  it('a customer reads entries but cannot change them', async () => {
    expect((await call('customer', 'GET', '/api/system/DictionaryData/orderStatus')).body.data.list).toHaveLength(5);
    const typeId = await typeIdOf('orderStatus');
    const denied = await call('customer', 'POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, parentId: typeId, fullName: '退货', enCode: 'returned' });
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('暂无权限');
    expect((await call('customer', 'POST', '/api/system/DictionaryType', { parentId: '-1', fullName: '客户分类', enCode: 'customerType' })).status).toBe(403);
    const entry = (await call('customer', 'GET', '/api/system/DictionaryData/orderStatus')).body.data.list[0];
    expect((await call('customer', 'PUT', `/api/system/DictionaryData/${entry.id}/Actions/State`)).status).toBe(403);
    expect((await call('customer', 'DELETE', `/api/system/DictionaryData/${entry.id}`)).status).toBe(403);
    expect((await call('customer', 'GET', `/api/system/DictionaryType/${typeId}/Action/Export`)).status).toBe(403);
  });
});

describe('export and import', () => {
  it('round-trips a tree category through the JSON file', async () => {
    const exported = await call('admin', 'GET', `/api/system/DictionaryType/${await typeIdOf('goodsCategory')}/Action/Export`);
    expect(exported.body.data.url).toMatch(/^\/api\/system\/DictionaryType\/Download\/[A-Za-z0-9_-]{43}$/);
    expect(exported.body.data.name).toBe('商品分类.json');
    // The browser opens the link without a header.
    const download = await fetch(`${server.url}${exported.body.data.url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    const file = (await download.json()) as { kind: string; type: { enCode: string; fullName: string }; entries: unknown[] };
    expect(file.kind).toBe('dictionary');
    expect(file.entries).toHaveLength(5);

    const upload = (content: unknown) => {
      const form = new FormData();
      form.append('file', new Blob([JSON.stringify(content)], { type: 'application/json' }), 'export.json');
      return form;
    };
    const again = await call('admin', 'POST', '/api/system/DictionaryType/Action/Import', upload(file));
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('分类编码goodsCategory已存在，不能重复导入');

    const imported = await call('admin', 'POST', '/api/system/DictionaryType/Action/Import', upload({ ...file, type: { ...file.type, enCode: 'goodsCategory2', fullName: '商品分类二' } }));
    expect(imported.body).toMatchObject({ code: 200, msg: '导入成功', data: { entries: 5 } });
    const tree = await call('admin', 'GET', '/api/system/DictionaryData/goodsCategory2');
    expect(names(tree.body.data.list)).toEqual([{ 钢材: ['螺纹钢', '线材'] }, '煤炭', '有色金属']);
    const original = await call('admin', 'GET', '/api/system/DictionaryData/goodsCategory');
    expect(tree.body.data.list[0].id).not.toBe(original.body.data.list[0].id);

    // The DictionaryData export route (category by enCode) and import route work the same way.
    const viaData = await call('admin', 'GET', '/api/system/DictionaryData/payMethod/Action/Export');
    const payFile = (await (await fetch(`${server.url}${viaData.body.data.url}`)).json()) as { type: Record<string, unknown> };
    const viaDataImport = await call('admin', 'POST', '/api/system/DictionaryData/Action/Import', upload({ ...payFile, type: { ...payFile.type, enCode: 'payMethod2' } }));
    expect(viaDataImport.body.data.entries).toBe(4); // three seeded + the one added above

    const bad = await call('admin', 'POST', '/api/system/DictionaryType/Action/Import', upload({ kind: 'something' }));
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^导入文件格式不正确/);
    const none = await call('admin', 'POST', '/api/system/DictionaryType/Action/Import', new FormData());
    expect(none.status).toBe(400);
    expect((await fetch(`${server.url}/api/system/DictionaryType/Download/${'x'.repeat(43)}`)).status).toBe(404);
  });
});
