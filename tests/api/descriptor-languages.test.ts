import { compileModel } from '../../src/runtime/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMenuFile, syncMenu } from '../../server/db/menu-file';
import { DEFAULT_MENU_FILE } from '../../server/db/seed';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';

/**
 * Descriptors, menu entries and dictionary entries in three languages: the server answers in
 * the caller's language (X-Language) — compiled pages, validation messages naming the field,
 * dictionary names — and keeps translations in the database so entries made at run time
 * translate too.
 */

let server: TestServer;
let adminToken: string;
const as = (language?: string) => client(server.url, adminToken, language);

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await tokenFor(server.database.db, 'admin');
});
afterAll(async () => {
  await server?.close();
});

const GOODS = '/api/visualdev/OnlineDev/demo-model';

describe('the record API speaks the caller\'s language', () => {
  it('names the field of a validation message in that language', async () => {
    const expected: Record<string, string> = { en: 'Goods code is required', 'zh-TW': '商品編號不能為空', 'zh-CN': '商品编码不能为空' };
    for (const [language, message] of Object.entries(expected)) {
      const reply = await as(language).post(GOODS, { data: { goodsName: 'x' } });
      expect(reply.status).toBe(400);
      expect(reply.body.data.errors).toContainEqual({ field: 'goodsCode', message });
      expect(reply.body.msg).toContain(message);
    }
    const pattern = await as('en').post(GOODS, { data: { goodsCode: '.bad', goodsName: 'x', category: 'coal', unit: 'pcs', price: 1 } });
    expect(pattern.body.data.errors).toEqual([{ field: 'goodsCode', message: 'The goods code may contain only letters, digits and dots' }]);
  });

  it('serves the compiled model in that language, the model\'s own texts and the generated ones', async () => {
    // the Config call sends the definition with its translations; the page compiles it in its language
    const definition = (await as('en').get(`${GOODS}/Config`)).body.data;
    expect(definition.fullName).toBe('Goods');
    const compiled = (locale: 'en' | 'zh-TW' | 'zh-CN') => compileModel({ ...definition, columnData: definition.columnData ?? undefined }, { file: 'config', locale }).model!;
    expect(compiled('en').list.columns.map((c) => c.label)).toContain('Goods code');
    const unit = compiled('en').form.fields.unit!.options;
    expect(unit?.from === 'static' ? unit.options.map((o) => o.label) : []).toEqual(['Piece', 'Box', 'Kilogram', 'Tonne']);
    expect(compiled('zh-TW').form.fields.goodsCode!.label).toBe('商品編號');
    expect(compiled('zh-CN').form.fields.goodsCode!.label).toBe('商品编码');
    // values as people read them (DataChange, exports) follow the language too: dictionary names, options, switch texts
    expect((await as('en').post(GOODS, { data: { goodsCode: 'G.1', goodsName: 'Rebar12', category: 'steel.rebar', unit: 't', price: 3800 } })).body.code).toBe(200);
    const detail = await as('en').post(`${GOODS}/List`, { currentPage: 1, pageSize: 20 });
    const id = detail.body.data.list[0].id as string;
    const shown = JSON.parse((await as('en').get(`${GOODS}/${id}/DataChange`)).body.data.data) as Record<string, unknown>;
    expect(shown).toMatchObject({ category: 'Rebar', unit: 'Tonne', onSale: 'On sale' });
  });

  it('serves dictionary, report and portal pages in that language', async () => {
    expect((await as('en').get('/api/visualdev/Dictionary/demo-dictionary')).body.data.fullName).toBe('Goods categories');
    const report = (await as('en').get('/api/visualdev/Report/demo-report')).body.data;
    expect(report.columns.map((c: { label: string }) => c.label)).toEqual(['Month', 'Goods category', 'Orders', 'Sales', 'Month on month']);
    const portal = (await as('zh-TW').get('/api/visualdev/Portal/demo-portal')).body.data;
    expect(portal.cards[0]).toMatchObject({ title: '今日訂單', unit: '筆' });
    // zh-CN is what it was
    expect((await as('zh-CN').get('/api/visualdev/Report/demo-report')).body.data.chart.title).toBe('月度销售额');
  });
});

describe('dictionary entries in three languages', () => {
  it('options read in the caller\'s language; the entry form reads the own name and its translations', async () => {
    const en = (await as('en').get('/api/system/DictionaryData/goodsCategory/Data/Selector')).body.data.list;
    expect(en.map((e: { fullName: string }) => e.fullName)).toEqual(['Steel', 'Coal', 'Non-ferrous metals']);
    expect(en[0].children.map((e: { fullName: string }) => e.fullName)).toEqual(['Rebar', 'Wire rod']);
    const tw = (await as('zh-TW').get('/api/system/DictionaryData/goodsCategory?isTree=1')).body.data.list;
    expect(tw.map((e: { fullName: string }) => e.fullName)).toEqual(['鋼材', '煤炭', '有色金屬']);
    const info = (await as('en').get(`/api/system/DictionaryData/${en[1].id}/Info`)).body.data;
    expect(info).toMatchObject({ fullName: '煤炭', fullName_i18n: { 'zh-TW': '煤炭', en: 'Coal' } });
    // a keyword finds an entry by the name shown or by its own name
    expect((await as('en').get('/api/system/DictionaryData/goodsCategory?keyword=ferrous')).body.data.list.map((e: { enCode: string }) => e.enCode)).toEqual(['nonferrous']);
    expect((await as('en').get('/api/system/DictionaryData/goodsCategory?keyword=有色')).body.data.list.map((e: { enCode: string }) => e.enCode)).toEqual(['nonferrous']);
  });

  it('an administrator adds an entry with its translations; an update without them keeps them; bad ones are refused in the caller\'s language', async () => {
    const typeId = (await as().get('/api/system/DictionaryData/All')).body.data.list.find((t: { enCode: string }) => t.enCode === 'goodsCategory').id as string;
    const body = { dictionaryTypeId: typeId, parentId: '0', fullName: '铁矿石', fullName_i18n: { 'zh-TW': '鐵礦石', en: 'Iron ore' }, enCode: 'ironOre', enabledMark: 1, sortCode: 9 };
    const created = await as().post('/api/system/DictionaryData', body);
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id as string;
    const names = async (language: string) => (await as(language).get('/api/system/DictionaryData/goodsCategory/Data/Selector')).body.data.list.map((e: { fullName: string }) => e.fullName);
    expect(await names('en')).toContain('Iron ore');
    const { fullName_i18n: _kept, ...withoutTranslations } = body;
    expect((await as().put(`/api/system/DictionaryData/${id}`, { ...withoutTranslations, fullName: '铁矿' })).body.code).toBe(200);
    expect((await as('en').get(`/api/system/DictionaryData/${id}/Info`)).body.data).toMatchObject({ fullName: '铁矿', fullName_i18n: { en: 'Iron ore' } });
    const refused = await as('en').put(`/api/system/DictionaryData/${id}`, { ...body, fullName_i18n: { fr: 'Minerai de fer' } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('fullName_i18n has invalid translations: expected an object of language (zh-TW, en) to non-empty text');
    expect((await as('zh-CN').put(`/api/system/DictionaryData/${id}`, { ...body, fullName_i18n: { en: '' } })).body.msg).toContain('fullName_i18n 的翻译无效');
    expect((await as().del(`/api/system/DictionaryData/${id}`)).body.code).toBe(200);
  });
});

describe('menu titles in three languages', () => {
  it('CurrentUser sends each entry\'s own title with its translations; permission items are named in the caller\'s language', async () => {
    const reply = (await as('en').get('/api/oauth/CurrentUser')).body.data;
    const flat = (nodes: { enCode: string; children?: unknown[] }[]): { enCode: string; fullName: string; fullName_i18n: unknown }[] =>
      nodes.flatMap((n) => [n as never, ...flat((n.children ?? []) as never)]);
    const goods = flat(reply.menuList).find((n) => n.enCode === 'goods')!;
    expect(goods).toMatchObject({ fullName: '商品档案', fullName_i18n: { 'zh-TW': '商品檔案', en: 'Goods' } });
    const entry = reply.permissionList.find((p: { moduleName: string }) => p.moduleName === 'Goods');
    expect(entry.button.map((b: { fullName: string }) => b.fullName)).toEqual(['Add', 'Edit', 'Delete', 'Export', 'Delete selected', 'Details']);
  });

  it('an entry already in the database gets the file\'s translations while it keeps the file\'s title; an administrator\'s title is left alone', async () => {
    const db = server.database.db;
    await db.updateTable('baseModule').set({ fullNameI18n: null }).where('enCode', 'in', ['warehouse', 'location']).execute();
    await db.updateTable('baseModule').set({ fullName: '库位管理' }).where('enCode', '=', 'location').execute();
    expect(await syncMenu(db, readMenuFile(DEFAULT_MENU_FILE))).toBe(0);
    const rows = await db.selectFrom('baseModule').select(['enCode', 'fullName', 'fullNameI18n']).where('enCode', 'in', ['warehouse', 'location']).orderBy('enCode').execute();
    expect(rows).toEqual([
      { enCode: 'location', fullName: '库位管理', fullNameI18n: null },
      { enCode: 'warehouse', fullName: '仓库档案', fullNameI18n: JSON.stringify({ 'zh-TW': '倉庫檔案', en: 'Warehouses' }) },
    ]);
  });
});

describe('models made in the designer', () => {
  it('carry their name\'s translations; a copy says it is a copy in each language', async () => {
    const formData = { fields: [{ __config__: { jnpfKey: 'input', label: '承运商', label_i18n: { en: 'Carrier' }, required: true }, __vModel__: 'carrier' }] };
    const created = await as().post('/api/visualdev/Base', { fullName: '承运商档案', fullName_i18n: { 'zh-TW': '承運商檔案', en: 'Carriers' }, enCode: 'carrierI18n', formData });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id as string;
    expect((await as().get(`/api/visualdev/Base/${id}`)).body.data.fullName_i18n).toEqual({ 'zh-TW': '承運商檔案', en: 'Carriers' });
    expect((await as().post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);
    const config = (await as('en').get(`/api/visualdev/OnlineDev/${id}/Config`)).body.data;
    expect(config.fullName).toBe('Carriers');
    expect((await as('en').post(`/api/visualdev/OnlineDev/${id}`, { data: {} })).body.data.errors).toEqual([{ field: 'carrier', message: 'Carrier is required' }]);
    const copy = (await as().post(`/api/visualdev/Base/${id}/Actions/Copy`)).body.data.id as string;
    expect((await as().get(`/api/visualdev/Base/${copy}`)).body.data.fullName_i18n).toEqual({ 'zh-TW': '承運商檔案副本', en: 'Carriers copy' });
  });
});
