import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { readMenuFile, syncMenu } from '../../server/db/menu-file';
import { DEFAULT_MENU_FILE } from '../../server/db/seed';
import { client, makeUser, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let admin: ReturnType<typeof client>;
let adminEn: ReturnType<typeof client>;
const db = () => server.database.db;
const idOf = async (enCode: string) => (await db().selectFrom('baseModule').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow()).id;

type Node = { id: string; enCode: string; type: number; isHidden: number; children: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
/** The entries of an administrator's CurrentUser menu (every system), by code. */
async function currentMenu(c = admin): Promise<Map<string, Node>> {
  const reply = await c.get('/api/oauth/CurrentUser');
  expect(reply.body.code).toBe(200);
  return new Map(flat(reply.body.data.menuList as Node[]).map((n) => [n.enCode, n]));
}

beforeAll(async () => {
  server = await startTestServer();
  const token = await tokenFor(db(), 'admin');
  admin = client(server.url, token);
  adminEn = client(server.url, token, 'en');
});
afterAll(async () => {
  await server?.close();
});

describe('reading the menu', () => {
  it('answers the tree; a keyword keeps matches with their ancestors', async () => {
    const all = await admin.get('/api/system/Menu');
    expect(all.body.code).toBe(200);
    const roots = all.body.data.list as (Node & { title: string })[];
    expect(roots.map((r) => r.enCode)).toEqual(expect.arrayContaining(['business', 'operations', 'systemManage']));
    const found = (await admin.get('/api/system/Menu?keyword=system.menu')).body.data.list as Node[];
    expect(found.map((r) => r.enCode)).toEqual(['systemManage']);
    expect(found[0]!.children.map((c) => c.enCode)).toEqual(['system']);
    expect(found[0]!.children[0]!.children.map((c) => c.enCode)).toEqual(['system.menu']);
    // names match in other languages too
    const en = (await adminEn.get('/api/system/Menu?keyword=Organisations')).body.data.list as Node[];
    expect(flat(en).map((n) => n.enCode)).toContain('permission.organize');
    const one = await adminEn.get(`/api/system/Menu/${await idOf('goods')}`);
    expect(one.body.data).toMatchObject({ enCode: 'goods', type: 3, moduleId: 'demo-model', fromFile: true, hasChildren: false });
    expect((await adminEn.get('/api/system/Menu/nope')).body).toMatchObject({ code: 404, msg: 'The menu entry does not exist' });
  });

  it('offers folders as parents, without the entry being edited and its descendants', async () => {
    const systemManage = await idOf('systemManage');
    const list = (await admin.get('/api/system/Menu/Selector')).body.data.list as Node[];
    expect(list).toHaveLength(1);
    expect(list[0]!.id).toBe('-1');
    const all = flat(list[0]!.children);
    expect(all.every((n) => n.type === 0 || n.type === 1)).toBe(true);
    expect(all.map((n) => n.enCode)).toEqual(expect.arrayContaining(['operations', 'systemManage', 'permission']));
    const editing = flat(((await admin.get(`/api/system/Menu/Selector?id=${systemManage}`)).body.data.list as Node[])[0]!.children).map((n) => n.enCode);
    expect(editing).not.toContain('systemManage');
    expect(editing).not.toContain('permission');
    expect(editing).toContain('operations');
  });

  it('lists what an entry may link to, and the icons', async () => {
    const ids = async (type: number) => ((await admin.get(`/api/system/Menu/LinkTargets?type=${type}`)).body.data.list as { id: string }[]).map((o) => o.id);
    expect(await ids(3)).toContain('demo-model');
    expect(await ids(4)).toEqual(['demo-dictionary']);
    expect(await ids(5)).toEqual(['demo-report']);
    expect(await ids(8)).toEqual(['demo-portal']);
    expect(await ids(2)).toContain('system-menu');
    const grouped = (await adminEn.get('/api/system/Menu/LinkTargets')).body.data.list as { fullName: string; children: unknown[] }[];
    expect(grouped.map((g) => g.fullName)).toEqual(['model', 'dictionary page', 'report', 'portal', 'admin page descriptor']);
    const icons = (await admin.get('/api/system/Menu/Icons')).body.data.list as { id: string }[];
    expect(icons.map((i) => i.id)).toContain('icon-ym icon-ym-generator-menu');
  });
});

describe('writing entries', () => {
  it('creates a model entry under 运营管理 that the administrator sees at the next request; its page answers', async () => {
    const operations = await idOf('operations');
    const created = await admin.post('/api/system/Menu', {
      parentId: operations, type: 3, fullName: '商品档案二', fullNameEn: 'Goods 2', fullNameZhTW: '商品檔案二', enCode: 'goods2', icon: 'icon-ym icon-ym-generator-table',
      urlAddress: '/operations/goods2', moduleId: 'demo-model', isTree: 0, sortCode: 50, enabledMark: 1,
    });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id as string;
    const row = await db().selectFrom('baseModule').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ parentId: operations, urlAddress: 'operations/goods2', isHidden: 0 });
    expect(JSON.parse(row.propertyJson!)).toEqual({ moduleId: 'demo-model', isTree: 0 });
    expect(JSON.parse(row.fullNameI18n!)).toEqual({ 'zh-TW': '商品檔案二', en: 'Goods 2' });
    const seen = (await currentMenu()).get('goods2');
    expect(seen).toMatchObject({ id, type: 3, isHidden: 0 });
    expect((await admin.get('/api/visualdev/OnlineDev/demo-model/Config')).body.code).toBe(200);
    const audited = await db().selectFrom('baseAuditLog').select(['action', 'entity']).where('entityId', '=', id).execute();
    expect(audited).toEqual([{ action: 'create', entity: 'menu' }]);

    // edit: rename and hide; the entry stays routable but leaves the navigation (isHidden 1)
    const edited = await admin.put(`/api/system/Menu/${id}`, { ...created.body.data, parentId: operations, type: 3, fullName: '商品档案乙', enCode: 'goods2', moduleId: 'demo-model', isHidden: 1 });
    expect(edited.body.code, edited.body.msg).toBe(200);
    expect((await currentMenu()).get('goods2')).toMatchObject({ isHidden: 1 });

    // disable: gone from the menu; enable: back
    expect((await admin.put(`/api/system/Menu/${id}/Actions/State`)).body.data).toEqual({ enabledMark: 0 });
    expect((await currentMenu()).has('goods2')).toBe(false);
    expect((await admin.put(`/api/system/Menu/${id}/Actions/State`)).body.data).toEqual({ enabledMark: 1 });
    expect((await currentMenu()).has('goods2')).toBe(true);
  });

  it('refuses bad entries per type with a message in the caller language, writing nothing', async () => {
    const operations = await idOf('operations');
    const goods = await idOf('goods');
    const before = (await db().selectFrom('baseModule').select('id').execute()).length;
    const base = { parentId: operations, fullName: '坏的', enCode: 'badEntry' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, type: 9 }, 'The menu type must be a whole number from 0 to 8'],
      [{ ...base, type: 0, fullName: ' ' }, 'Enter the menu name'],
      [{ ...base, type: 0, enCode: '.bad' }, 'The menu code may hold letters, digits and dots, not starting or ending with a dot'],
      [{ ...base, type: 0, enCode: 'goods' }, 'Another menu entry has this code'],
      [{ ...base, type: 3 }, 'Choose the linked model'],
      [{ ...base, type: 3, moduleId: 'no-such-model' }, 'The linked model "no-such-model" does not exist'],
      [{ ...base, type: 4, moduleId: 'demo-model' }, 'The linked dictionary page "demo-model" does not exist'],
      [{ ...base, type: 2 }, 'Enter the address'],
      [{ ...base, type: 2, urlAddress: 'https://evil.example/' }, 'A page address is an in-app path (such as system/menu), without a scheme, spaces or ..'],
      [{ ...base, type: 7, urlAddress: 'ftp://example.com' }, 'A link address must start with http:// or https://'],
      [{ ...base, type: 7, urlAddress: 'https://example.com', linkTarget: '_top' }, 'The link target must be _self or _blank'],
      [{ ...base, type: 6, urlAddress: 'javascript:alert(1)' }, 'A visualisation address must start with http://, https:// or ${dataV}'],
      [{ ...base, type: 0, icon: 'fa fa-bomb' }, 'The icon must be one of the listed icon names'],
      [{ ...base, type: 0, parentId: goods }, 'The parent must be a directory or a menu group'],
      [{ ...base, type: 0, parentId: 'nope' }, 'The parent menu entry does not exist'],
    ];
    for (const [body, msg] of cases) {
      const reply = await adminEn.post('/api/system/Menu', body);
      expect(reply.body, JSON.stringify(body)).toMatchObject({ code: 400, msg });
    }
    expect((await client(server.url, await tokenFor(db(), 'admin'), 'zh-TW').post('/api/system/Menu', { ...base, type: 3 })).body.msg).toBe('請選擇關聯的功能模型');
    expect((await db().selectFrom('baseModule').select('id').execute()).length).toBe(before);
  });

  it('drops what a type has no use for, and refuses a move under its own descendant', async () => {
    const a = (await admin.post('/api/system/Menu', { type: 0, fullName: '目录甲', enCode: 'dirA', urlAddress: 'x/y', moduleId: 'demo-model' })).body.data.id as string;
    const rowA = await db().selectFrom('baseModule').selectAll().where('id', '=', a).executeTakeFirstOrThrow();
    expect(rowA).toMatchObject({ parentId: '-1', urlAddress: null, propertyJson: null, linkTarget: null });
    const b = (await admin.post('/api/system/Menu', { type: 1, fullName: '分组乙', enCode: 'groupB', parentId: a })).body.data.id as string;
    const cycle = await adminEn.put(`/api/system/Menu/${a}`, { type: 0, fullName: '目录甲', enCode: 'dirA', parentId: b });
    expect(cycle.body).toMatchObject({ code: 400, msg: 'An entry cannot be placed under itself or one of its descendants' });
    const self = await adminEn.put(`/api/system/Menu/${a}`, { type: 0, fullName: '目录甲', enCode: 'dirA', parentId: a });
    expect(self.body.code).toBe(400);
    // a folder with children stays a folder
    expect((await adminEn.put(`/api/system/Menu/${a}`, { type: 7, fullName: '目录甲', enCode: 'dirA', urlAddress: 'https://example.com' })).body.msg).toMatch(/child entries/);

    const link = await admin.post('/api/system/Menu', { type: 7, fullName: '外链', enCode: 'linkC', parentId: b, urlAddress: 'https://example.com/c' });
    expect(link.body.code, link.body.msg).toBe(200);
    expect(await db().selectFrom('baseModule').select('linkTarget').where('id', '=', link.body.data.id).executeTakeFirstOrThrow()).toEqual({ linkTarget: '_blank' });
  });

  it('refuses to delete an entry with children; deletes a leaf with its items, schemes and grants in one go', async () => {
    const operations = await idOf('operations');
    const refused = await adminEn.del(`/api/system/Menu/${operations}`);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toMatch(/^This entry still has \d+ child entries: delete or move them first$/);
    expect(await db().selectFrom('baseModule').select('id').where('id', '=', operations).executeTakeFirst()).toBeTruthy();

    const goods = await idOf('goods');
    const items = await db().selectFrom('baseModuleItem').select('id').where('moduleId', '=', goods).execute();
    const schemes = await db().selectFrom('baseModuleDataScheme').select('id').where('moduleId', '=', goods).execute();
    expect(items.length).toBeGreaterThan(0);
    const role = await makeUser(db(), 'menuGrantee');
    const schemeId = newId();
    await db().insertInto('baseModuleDataScheme').values({ id: schemeId, moduleId: goods, fullName: '全部', fullNameI18n: null, enCode: 'allMenuTest', scopeType: 'all', conditionJson: null, sortCode: 0, enabledMark: 1, description: null, createdAt: Date.now() }).execute();
    await db().insertInto('baseAuthorize').values([
      { id: newId(), objectType: 'Role', objectId: role.roleId, itemType: 'module', itemId: goods },
      { id: newId(), objectType: 'Role', objectId: role.roleId, itemType: 'button', itemId: items[0]!.id },
      { id: newId(), objectType: 'Role', objectId: role.roleId, itemType: 'resource', itemId: schemeId },
    ]).execute();
    const deleted = await admin.del(`/api/system/Menu/${goods}`);
    expect(deleted.body.code, deleted.body.msg).toBe(200);
    expect(await db().selectFrom('baseModule').select('id').where('id', '=', goods).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('baseModuleItem').select('id').where('moduleId', '=', goods).execute()).toEqual([]);
    expect(await db().selectFrom('baseModuleDataScheme').select('id').where('moduleId', '=', goods).execute()).toEqual([]);
    const left = await db().selectFrom('baseAuthorize').select('itemId').where('itemId', 'in', [goods, schemeId, ...items.map((i) => i.id), ...schemes.map((s) => s.id)]).execute();
    expect(left).toEqual([]);
    expect((await currentMenu()).has('goods')).toBe(false);
    expect(await db().selectFrom('baseAuditLog').select('action').where('entity', '=', 'menu').where('entityId', '=', goods).execute()).toEqual([{ action: 'delete' }]);
  });

  it('a deleted file entry is not added again by the menu file; creating its code again is allowed', async () => {
    const website = await idOf('website');
    expect((await admin.del(`/api/system/Menu/${website}`)).body.code).toBe(200);
    expect(await syncMenu(db(), readMenuFile(DEFAULT_MENU_FILE))).toBe(0);
    expect(await db().selectFrom('baseModule').select('id').where('enCode', '=', 'website').executeTakeFirst()).toBeUndefined();
    const again = await admin.post('/api/system/Menu', { type: 7, fullName: '官方网站', enCode: 'website', parentId: await idOf('operations'), urlAddress: 'https://www.example.com/' });
    expect(again.body.code, again.body.msg).toBe(200);
    expect(await db().selectFrom('baseModuleRemoved').select('enCode').where('enCode', '=', 'website').executeTakeFirst()).toBeUndefined();
  });
});

describe('several systems', () => {
  it('filters the tree by system; a moved entry takes its subtree into the parent\'s system', async () => {
    const other = newId();
    await db().insertInto('baseSystem').values({ id: other, fullName: '第二系统', enCode: 'second', icon: null, sortCode: 99, enabledMark: 1 }).execute();
    const folder = newId();
    await db().insertInto('baseModule').values({
      id: folder, parentId: '-1', systemId: other, type: 0, fullName: '第二目录', fullNameI18n: null, enCode: 'secondDir', icon: null, urlAddress: null, linkTarget: null,
      propertyJson: null, sortCode: 0, enabledMark: 1, isHidden: 0, description: null, createdAt: Date.now(),
    }).execute();
    const x = (await admin.post('/api/system/Menu', { type: 0, fullName: '移动目录', enCode: 'movedDir' })).body.data.id as string;
    const y = (await admin.post('/api/system/Menu', { type: 7, fullName: '移动外链', enCode: 'movedLink', parentId: x, urlAddress: 'https://example.com/y' })).body.data.id as string;
    const moved = await admin.put(`/api/system/Menu/${x}`, { type: 0, fullName: '移动目录', enCode: 'movedDir', parentId: folder });
    expect(moved.body.code, moved.body.msg).toBe(200);
    const systems = await db().selectFrom('baseModule').select(['id', 'systemId']).where('id', 'in', [x, y]).execute();
    expect(systems.map((r) => r.systemId)).toEqual([other, other]);
    const tree = (await admin.get(`/api/system/Menu?systemId=${other}`)).body.data.list as Node[];
    expect(flat(tree).map((n) => n.enCode)).toEqual(['secondDir', 'movedDir', 'movedLink']);
    const selector = ((await admin.get(`/api/system/Menu/Selector?systemId=${other}`)).body.data.list as Node[])[0]!;
    expect(flat(selector.children).map((n) => n.enCode)).toEqual(['secondDir', 'movedDir']);
  });
});

describe('export and import', () => {
  it('exports a subtree as a menu.json document and imports it back, all or nothing', async () => {
    const operations = await idOf('operations');
    const exported = await admin.get(`/api/system/Menu/${operations}/Actions/Export`);
    expect(exported.body.code).toBe(200);
    const [root] = exported.body.data.menu as { enCode: string; children: { enCode: string; moduleId?: string; items?: unknown[] }[] }[];
    expect(root!.enCode).toBe('operations');
    expect(root!.children.find((c) => c.enCode === 'inbound')).toMatchObject({ moduleId: 'demo-inbound' });

    // importing codes that exist: refused, nothing written
    const count = async () => (await db().selectFrom('baseModule').select('id').execute()).length;
    const before = await count();
    expect((await adminEn.post('/api/system/Menu/Actions/Import', { parentId: '-1', menu: exported.body.data.menu })).body).toMatchObject({ code: 400, msg: 'Another menu entry has this code' });
    expect((await adminEn.post('/api/system/Menu/Actions/Import', { menu: [{ type: 0 }] })).body.msg).toMatch(/^The import file is invalid: /);
    expect(await count()).toBe(before);

    // a deleted leaf comes back from its export, with its permission items
    const inbound = await idOf('inbound');
    await db().insertInto('baseModuleItem').values([
      { id: newId(), moduleId: inbound, kind: 'button', fullName: '新增', fullNameI18n: JSON.stringify({ en: 'Add' }), enCode: 'btn_add', sortCode: 0 },
      { id: newId(), moduleId: inbound, kind: 'column', fullName: '单号', fullNameI18n: null, enCode: 'billNo', sortCode: 1 },
    ]).execute();
    const leaf = (await admin.get(`/api/system/Menu/${inbound}/Actions/Export`)).body.data.menu as { items?: unknown[] }[];
    expect(leaf[0]!.items).toEqual([{ kind: 'button', enCode: 'btn_add', fullName: '新增', fullName_i18n: { en: 'Add' } }, { kind: 'column', enCode: 'billNo', fullName: '单号' }]);
    expect((await admin.del(`/api/system/Menu/${inbound}`)).body.code).toBe(200);
    const imported = await admin.post('/api/system/Menu/Actions/Import', { parentId: operations, menu: leaf });
    expect(imported.body, imported.body.msg).toMatchObject({ code: 200, data: { count: 1 } });
    const back = await db().selectFrom('baseModule').selectAll().where('enCode', '=', 'inbound').executeTakeFirstOrThrow();
    expect(back.parentId).toBe(operations);
    expect((await db().selectFrom('baseModuleItem').select('enCode').where('moduleId', '=', back.id).orderBy('sortCode').execute()).map((i) => i.enCode)).toEqual(['btn_add', 'billNo']);
  });
});

describe('who may manage the menu', () => {
  it('refuses signed-out callers, staff and users without the code; a role granted the page may', async () => {
    const id = await idOf('operations');
    const calls: [string, string][] = [
      ['GET', '/api/system/Menu'], ['GET', '/api/system/Menu/Selector'], ['GET', '/api/system/Menu/LinkTargets'], ['GET', '/api/system/Menu/Icons'],
      ['GET', `/api/system/Menu/${id}`], ['POST', '/api/system/Menu'], ['GET', `/api/system/Menu/${id}/Actions/Export`], ['POST', '/api/system/Menu/Actions/Import'], ['PUT', `/api/system/Menu/${id}`], ['DELETE', `/api/system/Menu/${id}`], ['PUT', `/api/system/Menu/${id}/Actions/State`],
    ];
    const send = (c: ReturnType<typeof client>, [method, path]: [string, string]) =>
      method === 'GET' ? c.get(path) : method === 'POST' ? c.post(path, {}) : method === 'PUT' ? c.put(path, {}) : c.del(path);
    for (const account of ['staff', 'customer']) {
      const c = client(server.url, await tokenFor(db(), account));
      for (const call of calls) expect((await send(c, call)).status, `${account} ${call.join(' ')}`).toBe(403);
    }
    for (const call of calls) expect((await send(client(server.url, null), call)).status).toBe(401);
    const user = await makeUser(db(), 'menuManager');
    const c = client(server.url, user.token);
    expect((await c.get('/api/system/Menu')).status).toBe(403);
    await db().insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: user.roleId, itemType: 'module', itemId: await idOf('system.menu') }).execute();
    // no access-version bump: the committed write alone refreshes the principal
    expect((await c.get('/api/system/Menu')).status).toBe(200);
  });
});
