import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';

let server: TestServer;
let admin: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;

interface AreaNode { id: string; parentId: string; fullName: string; type: string; isLeaf: boolean; hasChildren: boolean; children: AreaNode[] }

const areaCount = async () => Number((await server.database.db.selectFrom('baseArea').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(server.database.db, 'admin'));
  // staff holds system.dictionary:manage, not system.area:manage.
  staff = client(server.url, await tokenFor(server.database.db, 'staff'));
});
afterAll(async () => {
  await server?.close();
});

describe('the seeded data set', () => {
  it('holds every division of China down to districts: 34 provincial-level divisions, their cities and districts', async () => {
    const db = server.database.db;
    const byType = await db.selectFrom('baseArea').select(['type', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('type').orderBy('type').execute();
    const counts = Object.fromEntries(byType.map((r) => [r.type, Number(r.n)]));
    expect(counts['1']).toBe(34);
    expect(counts['2']).toBeGreaterThan(330);
    expect(counts['3']).toBeGreaterThan(3000);

    const provinces = await staff.get<{ list: AreaNode[] }>('/api/system/Area/-1');
    expect(provinces.body.code).toBe(200);
    const names = provinces.body.data!.list.map((p) => p.fullName);
    expect(names).toHaveLength(34);
    expect(names).toEqual(expect.arrayContaining(['北京市', '浙江省', '新疆维吾尔自治区', '台湾省', '香港特别行政区', '澳门特别行政区']));
    expect(provinces.body.data!.list.every((p) => p.hasChildren && !p.isLeaf && p.children.length === 0 && p.parentId === '-1' && p.type === '1')).toBe(true);
  });

  it('resolves code paths to names for address fields, in the caller language, skipping unknown codes', async () => {
    const paths = [['330000', '330100', '330106'], ['110000', '110100', '110105'], ['440000', '441900'], ['330000', 'nope']];
    const res = await staff.post<string[][]>('/api/system/Area/GetAreaByIds', { idsList: paths });
    expect(res.body.data).toEqual([['浙江省', '杭州市', '西湖区'], ['北京市', '市辖区', '朝阳区'], ['广东省', '东莞市'], ['浙江省']]);
    const tw = await client(server.url, await tokenFor(server.database.db, 'staff'), 'zh-TW').post<string[][]>('/api/system/Area/GetAreaByIds', { idsList: paths.slice(0, 1) });
    expect(tw.body.data).toEqual([['浙江省', '杭州市', '西湖區']]);
    const en = await client(server.url, await tokenFor(server.database.db, 'staff'), 'en').post<string[][]>('/api/system/Area/GetAreaByIds', { idsList: paths.slice(0, 1) });
    expect(en.body.data).toEqual([['浙江省', '杭州市', '西湖区']]);
  });

  it('loads the tree lazily: children of a node, each saying whether it has children', async () => {
    const cities = await staff.get<{ list: AreaNode[] }>('/api/system/Area/330000');
    const hangzhou = cities.body.data!.list.find((c) => c.id === '330100')!;
    expect(hangzhou).toMatchObject({ fullName: '杭州市', parentId: '330000', type: '2', hasChildren: true, isLeaf: false, children: [] });
    const districts = await staff.get<{ list: AreaNode[] }>('/api/system/Area/330100');
    expect(districts.body.data!.list.map((d) => d.fullName)).toEqual(expect.arrayContaining(['上城区', '西湖区', '临平区', '钱塘区']));
    expect(districts.body.data!.list.map((d) => d.fullName)).not.toContain('江干区'); // merged away in 2021: the data is current
    expect(districts.body.data!.list.every((d) => d.type === '3' && d.isLeaf && !d.hasChildren)).toBe(true);
    const guangdong = await staff.get<{ list: AreaNode[] }>('/api/system/Area/440000');
    expect(guangdong.body.data!.list.find((c) => c.id === '441900')).toMatchObject({ fullName: '东莞市', isLeaf: true });
    expect((await staff.get<{ list: AreaNode[] }>('/api/system/Area/nothing')).body.data!.list).toEqual([]);
  });

  it('searches the whole set and answers each match with its ancestor path', async () => {
    const res = await staff.get<{ list: AreaNode[] }>(`/api/system/Area/-1?keyword=${encodeURIComponent('西湖')}`);
    const tree = res.body.data!.list;
    const zhejiang = tree.find((p) => p.id === '330000')!;
    expect(zhejiang.children.map((c) => c.fullName)).toEqual(['杭州市']);
    expect(zhejiang.children[0]!.children.map((d) => d.fullName)).toEqual(['西湖区']);
    const jiangxi = tree.find((p) => p.id === '360000')!; // 南昌市西湖区
    expect(jiangxi.children[0]!.children.map((d) => d.id)).toEqual(['360103']);
    expect(tree.every((p) => p.type === '1')).toBe(true);
    // Matched nodes keep their real child flag, so a matched city still opens lazily.
    const city = await staff.get<{ list: AreaNode[] }>(`/api/system/Area/-1?keyword=${encodeURIComponent('杭州')}`);
    expect(city.body.data!.list[0]!.children[0]).toMatchObject({ id: '330100', hasChildren: true, children: [] });

    const below = await staff.get<{ list: AreaNode[] }>(`/api/system/Area/330000?keyword=${encodeURIComponent('西湖')}`);
    expect(below.body.data!.list.map((c) => c.id)).toEqual(['330100']);
    const traditional = await staff.get<{ list: AreaNode[] }>(`/api/system/Area/330000?keyword=${encodeURIComponent('西湖區')}`);
    expect(traditional.body.data!.list[0]!.children.map((d) => d.id)).toEqual(['330106']);
    const byCode = await staff.get<{ list: AreaNode[] }>('/api/system/Area/-1?keyword=330106');
    expect(byCode.body.data!.list[0]!.children[0]!.children[0]!.fullName).toBe('西湖区');
  });

  it('shows zh-TW readers traditional characters in the tree', async () => {
    const tw = client(server.url, await tokenFor(server.database.db, 'staff'), 'zh-TW');
    const res = await tw.get<{ list: AreaNode[] }>('/api/system/Area/-1');
    expect(res.body.data!.list.map((p) => p.fullName)).toEqual(expect.arrayContaining(['廣東省', '黑龍江省', '臺灣省']));
  });
});

describe('managing divisions', () => {
  it('creates a street below a district, edits, toggles and deletes it', async () => {
    const created = await admin.post<{ id: string }>('/api/system/Area', { parentId: '330106', fullName: '北山街道', enCode: '330106001', sortCode: 1 });
    expect(created.body).toMatchObject({ code: 200, msg: '新建成功', data: { id: '330106001' } });
    const info = await staff.get('/api/system/Area/330106001/Info');
    expect(info.body.data).toMatchObject({ id: '330106001', parentId: '330106', parentName: '西湖区', fullName: '北山街道', enCode: '330106001', type: '4', sortCode: 1, enabledMark: 1 });
    const district = await staff.get<{ list: AreaNode[] }>('/api/system/Area/330100');
    expect(district.body.data!.list.find((d) => d.id === '330106')).toMatchObject({ hasChildren: true, isLeaf: false });

    expect((await admin.put('/api/system/Area/330106001', { fullName: '北山街道办', quickQuery: 'BSJD', sortCode: 2, enabledMark: 1 })).body).toMatchObject({ code: 200, msg: '修改成功' });
    expect((await staff.get('/api/system/Area/330106001/Info')).body.data).toMatchObject({ fullName: '北山街道办', quickQuery: 'BSJD', sortCode: 2 });
    expect((await admin.put('/api/system/Area/330106001', { fullName: '北山街道' })).body.code).toBe(200);
    expect((await staff.get('/api/system/Area/330106001/Info')).body.data).toMatchObject({ fullName: '北山街道', quickQuery: 'BSJD', sortCode: 2 }); // unsent fields kept
    const byInitials = await staff.get<{ list: AreaNode[] }>('/api/system/Area/-1?keyword=bsjd');
    expect(byInitials.body.data!.list[0]!.children[0]!.children[0]!.children[0]!.id).toBe('330106001');

    expect((await admin.put('/api/system/Area/330106001', { description: '杭州西湖边' })).body.code).toBe(200);
    expect((await staff.get('/api/system/Area/330106001/Info')).body.data).toMatchObject({ fullName: '北山街道', description: '杭州西湖边' });
    const state = await admin.put('/api/system/Area/330106001/Actions/State');
    expect(state.body).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    // The picker shows enabled divisions only; the management tree shows all.
    expect((await staff.get<{ list: AreaNode[] }>('/api/system/Area/330106/Selector/0')).body.data!.list).toEqual([]);
    expect((await staff.get<{ list: AreaNode[] }>('/api/system/Area/330100/Selector/0')).body.data!.list.find((d) => d.id === '330106')).toMatchObject({ isLeaf: true });
    expect((await staff.get<{ list: AreaNode[] }>('/api/system/Area/330106')).body.data!.list.map((d) => d.id)).toEqual(['330106001']);

    expect((await admin.del('/api/system/Area/330106001')).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await staff.get('/api/system/Area/330106001/Info')).status).toBe(404);
  });

  it('the picker lists the enabled children of a node without the excluded one', async () => {
    const all = await staff.get<{ list: AreaNode[] }>('/api/system/Area/-1/Selector/0');
    expect(all.body.data!.list).toHaveLength(34);
    const without = await staff.get<{ list: AreaNode[] }>('/api/system/Area/-1/Selector/330000');
    expect(without.body.data!.list).toHaveLength(33);
    expect(without.body.data!.list.some((p) => p.id === '330000')).toBe(false);
  });

  it('refuses bad forms, duplicates, moves, a fifth level and deleting a division with children, writing nothing', async () => {
    const before = await areaCount();
    const en = client(server.url, await tokenFor(server.database.db, 'admin'), 'en');
    const cases: [Record<string, unknown>, string][] = [
      [{ parentId: '330106', fullName: '', enCode: '1' }, 'Enter the division name'],
      [{ parentId: '330106', fullName: '名'.repeat(51), enCode: '1' }, 'The division name can be 50 characters at most'],
      [{ parentId: '330106', fullName: '街道', enCode: '' }, 'Enter the division code'],
      [{ parentId: '330106', fullName: '街道', enCode: '.1' }, 'Only letters, digits and dots, and no dot at the start or end'],
      [{ parentId: '330106', fullName: '街道', enCode: '330106009', sortCode: -1 }, 'The sort number must be a whole number from 0 to 999999'],
      [{ parentId: 'missing', fullName: '街道', enCode: '330106009' }, 'The parent division does not exist'],
      [{ parentId: '330106', fullName: '街道', enCode: '330106' }, 'Another division has this code'],
    ];
    for (const [body, message] of cases) {
      const res = await en.post('/api/system/Area', body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, msg: message });
    }
    await admin.post('/api/system/Area', { parentId: '330106', fullName: '北山街道', enCode: '330106001' });
    const fifth = await admin.post('/api/system/Area', { parentId: '330106001', fullName: '社区', enCode: '330106001001' });
    expect(fifth.body).toMatchObject({ code: 400, msg: '行政区划最多四级：省、市、区县、街道' });
    const moved = await admin.put('/api/system/Area/330106001', { parentId: '330105', fullName: '北山街道', enCode: '330106001' });
    expect(moved.body).toMatchObject({ code: 400, msg: '区域的编码和上级不能修改' });
    const recoded = await admin.put('/api/system/Area/330106001', { fullName: '北山街道', enCode: '330106002' });
    expect(recoded.body).toMatchObject({ code: 400, msg: '区域的编码和上级不能修改' });
    const tw = client(server.url, await tokenFor(server.database.db, 'admin'), 'zh-TW');
    const withChildren = await tw.del('/api/system/Area/330106');
    expect(withChildren.body).toMatchObject({ code: 400, msg: '刪除失敗，當前有子節點資料' });
    expect((await admin.del('/api/system/Area/nothing')).status).toBe(404);
    expect((await admin.put('/api/system/Area/nothing/Actions/State')).status).toBe(404);
    expect(await areaCount()).toBe(before + 1);
    expect((await staff.get('/api/system/Area/330106001/Info')).body.data).toMatchObject({ fullName: '北山街道', enCode: '330106001', parentId: '330106' });
    const tooMany = await admin.post('/api/system/Area/GetAreaByIds', { idsList: Array.from({ length: 501 }, () => ['330000']) });
    expect(tooMany.body).toMatchObject({ code: 400, msg: '一次最多查询500组区域' });
    await admin.del('/api/system/Area/330106001');
  });

  it('answers 403 to writes by users without system.area:manage and changes nothing; reads need a session', async () => {
    const before = await areaCount();
    expect((await staff.post('/api/system/Area', { parentId: '330106', fullName: '街道', enCode: '330106005' })).status).toBe(403);
    expect((await staff.put('/api/system/Area/330106', { fullName: '改名' })).status).toBe(403);
    expect((await staff.del('/api/system/Area/710000')).status).toBe(403);
    expect((await staff.put('/api/system/Area/330106/Actions/State')).status).toBe(403);
    expect(await areaCount()).toBe(before);
    const row = await server.database.db.selectFrom('baseArea').select(['fullName', 'enabledMark']).where('id', '=', '330106').executeTakeFirstOrThrow();
    expect(row).toEqual({ fullName: '西湖区', enabledMark: 1 });
    expect((await client(server.url, null).get('/api/system/Area/-1')).body.code).toBe(600);
  });
});
