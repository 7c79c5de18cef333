import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { compileDescriptor, errorsOf } from '../../server/modules/visualdev/compiler';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, makeUser, tokenFor } from '../helpers/access';

/**
 * Online development (issue 11 item 5): the real exported definitions of ../shared/corpus import
 * through the upload, compile, release and answer their Config; bad files are refused with a
 * message and write nothing; the generated files (CodePreview, DownloadCode's zip) are the
 * descriptor a file-backed model would be; a release placed in the menu shows in CurrentUser.
 */
const CORPUS = process.env.CORPUS_DIR ?? resolve(import.meta.dirname, '../../../shared/corpus');
const formsDir = resolve(CORPUS, 'forms');
const forms = existsSync(formsDir) ? readdirSync(formsDir).filter((f) => f.endsWith('.json')).sort() : [];
const generated = ['erp5x_generated_columnList_routingStepItem.json', 'erp5x_generated_searchList_customer.json'].filter((f) => existsSync(resolve(CORPUS, 'columns', f)));

let server: TestServer;
let token: string;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  token = await tokenFor(server.database.db, 'admin');
  admin = client(server.url, token);
});
afterAll(async () => {
  await server?.close();
});

async function upload(content: string, name: string, as = token, language?: string) {
  const body = new FormData();
  body.append('file', new Blob([content]), name);
  const headers: Record<string, string> = { authorization: `Bearer ${as}` };
  if (language) headers['x-language'] = language;
  const res = await fetch(`${server.url}/api/visualdev/Base/Action/Import`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data?: any } };
}

async function importReleaseAndOpen(content: string, name: string) {
  const imported = await upload(content, name);
  expect(imported.body.code, JSON.stringify(imported.body)).toBe(200);
  const id = imported.body.data.id as string;
  const info = await admin.get(`/api/visualdev/Base/${id}`);
  expect(info.body.data).toMatchObject({ state: 0, sourceFile: null });
  const released = await admin.post(`/api/visualdev/Base/${id}/Actions/Release`);
  expect(released.body.code, JSON.stringify(released.body)).toBe(200);
  const config = await admin.get(`/api/visualdev/OnlineDev/${id}/Config`);
  expect(config.body.code).toBe(200);
  expect(JSON.parse(config.body.data.formData).fields.length).toBeGreaterThan(0);
  return { id, enCode: imported.body.data.enCode as string, config: config.body.data };
}

describe('importing the real exported definitions', () => {
  it('finds the corpus', () => expect(forms.length + generated.length).toBeGreaterThanOrEqual(12));

  for (const name of forms) {
    it(`${name}: a bare form definition imports, compiles, releases and answers its Config`, async () => {
      const { config } = await importReleaseAndOpen(readFileSync(resolve(formsDir, name), 'utf8'), name);
      expect(JSON.parse(config.formData)).toEqual(JSON.parse(readFileSync(resolve(formsDir, name), 'utf8')));
    });
  }

  for (const name of forms.filter((f) => existsSync(resolve(CORPUS, 'columns', f.replace('.form.json', '.columns.json'))))) {
    it(`${name}: the product's export shape (a model row, definitions as JSON text) keeps its name, code and list`, async () => {
      const exported = {
        fullName: `导入 ${name}`.slice(0, 50), enCode: `imp_${name.replace(/\W/g, '_')}`.slice(0, 40), category: 'corpus', type: 1, webType: 2, state: 1,
        formData: readFileSync(resolve(formsDir, name), 'utf8'), columnData: readFileSync(resolve(CORPUS, 'columns', name.replace('.form.json', '.columns.json')), 'utf8'), tables: '[]',
      };
      const { id, enCode, config } = await importReleaseAndOpen(JSON.stringify(exported), `${name}.json`);
      expect(enCode).toBe(exported.enCode);
      expect(config.columnData).toBe(exported.columnData);
      const info = await admin.get(`/api/visualdev/Base/${id}`);
      expect(info.body.data).toMatchObject({ fullName: exported.fullName, category: 'corpus' });
    });
  }

  for (const name of generated) {
    it(`${name}: generated list items carrying their field configs import as fields and columns`, async () => {
      const { config } = await importReleaseAndOpen(readFileSync(resolve(CORPUS, 'columns', name), 'utf8'), name);
      const items = JSON.parse(readFileSync(resolve(CORPUS, 'columns', name), 'utf8')) as { prop: string }[];
      const columns = JSON.parse(config.columnData) as { columnList?: { prop: string }[]; searchList?: { prop: string }[] };
      expect((columns.columnList ?? columns.searchList)!.map((c) => c.prop)).toEqual(items.map((i) => i.prop));
    });
  }

  it('a taken code is made unique and the reply says so; the file our own code download writes imports too', async () => {
    const first = await upload(readFileSync(resolve(formsDir, forms[0]!), 'utf8'), 'same.json');
    const second = await upload(readFileSync(resolve(formsDir, forms[0]!), 'utf8'), 'same.json', token, 'en');
    expect(second.body.code).toBe(200);
    expect(second.body.data.enCode).toBe(`${first.body.data.enCode}_2`);
    expect(second.body.msg).toContain(`"${first.body.data.enCode}_2"`);
    // a keyword with an underscore finds the code (LIKE's wildcards are literal)
    const found = await admin.get(`/api/visualdev/Base?keyword=${first.body.data.enCode}_2`);
    expect(found.body.data.list.map((r: { enCode: string }) => r.enCode)).toEqual([`${first.body.data.enCode}_2`]);
    const preview = await admin.post(`/api/visualdev/Generater/${first.body.data.id}/Actions/CodePreview`);
    const descriptor = preview.body.data.list[0].content as string;
    const again = await upload(descriptor, `${first.body.data.enCode}.json`);
    expect(again.body.code, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.enCode).toBe(`${first.body.data.enCode}_3`);
  });
});

describe('refusing what it cannot read', () => {
  const count = async () => (await server.database.db.selectFrom('baseVisualdev').select('id').execute()).length;

  it('not JSON, not a definition, a definition that does not compile, no file: a message in the caller\'s language, nothing written', async () => {
    const before = await count();
    const audits = (await server.database.db.selectFrom('baseAuditLog').select('id').execute()).length;
    const notJson = await upload('{nope', 'x.json', token, 'en');
    expect(notJson.status).toBe(400);
    expect(notJson.body.msg).toMatch(/not valid JSON/);
    const zh = await upload('{nope', 'x.json', token, 'zh-CN');
    expect(zh.body.msg).toMatch(/不是有效的JSON/);
    const notDefinition = await upload(JSON.stringify({ kind: 'dataInterface', interface: {} }), 'x.json', token, 'en');
    expect(notDefinition.status).toBe(400);
    expect(notDefinition.body.msg).toMatch(/not a function definition/);
    const badText = await upload(JSON.stringify({ fullName: 'x', enCode: 'x', formData: '{"fields": [' }), 'x.json', token, 'zh-TW');
    expect(badText.body.msg).toMatch(/不是功能定義/);
    const broken = await upload(JSON.stringify({ fields: [{ __config__: { jnpfKey: 'input', label: 'a' }, __vModel__: 'a' }, { __config__: { jnpfKey: 'input', label: 'b' }, __vModel__: 'a' }] }), 'dup.json', token, 'en');
    expect(broken.status).toBe(400);
    expect(broken.body.data?.problems?.length).toBeGreaterThan(0);
    const none = await fetch(`${server.url}/api/visualdev/Base/Action/Import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: new FormData() });
    expect(none.status).toBe(400);
    expect(await count()).toBe(before);
    expect((await server.database.db.selectFrom('baseAuditLog').select('id').execute()).length).toBe(audits);
  });

  it('only model managers import, preview and download code', async () => {
    const staff = await makeUser(server.database.db, 'onlineDevStaff');
    expect((await upload('{}', 'x.json', staff.token)).status).toBe(403);
    const c = client(server.url, staff.token);
    expect((await c.get('/api/visualdev/Generater/AreasName')).status).toBe(403);
    expect((await c.post('/api/visualdev/Generater/x/Actions/CodePreview')).status).toBe(403);
    expect((await c.post('/api/visualdev/Generater/x/Actions/DownloadCode')).status).toBe(403);
    expect((await c.get('/api/visualdev/Base/MenuDirectories')).status).toBe(403);
    expect((await fetch(`${server.url}/api/visualdev/Generater/Download/${'a'.repeat(43)}`)).status).toBe(404);
  });
});

describe('the screen\'s create and edit', () => {
  it('creates from the blank definition the form starts with; saving the row back as the form sends it refuses a broken definition with its problems', async () => {
    const made = await admin.post('/api/visualdev/Base', { fullName: '空白', enCode: 'blankModel', category: null, webType: 2, formData: '{"fields": []}', columnData: '', description: null });
    expect(made.body.code, JSON.stringify(made.body)).toBe(200);
    const info = (await admin.get(`/api/visualdev/Base/${made.body.data.id}`)).body.data;
    expect(info).toMatchObject({ source: 'stored', state: 0, modifiedAt: expect.any(Number) });
    const broken = await client(server.url, token, 'en').put(`/api/visualdev/Base/${info.id}`, { ...info, formData: '{"fields": [{"__config__": {"jnpfKey": "input"}, "__vModel__": "a"}, {"__config__": {"jnpfKey": "input"}, "__vModel__": "a"}]}' });
    expect(broken.status).toBe(400);
    expect(broken.body.data?.problems?.length).toBeGreaterThan(0);
    const fixed = await admin.put(`/api/visualdev/Base/${info.id}`, { ...info, formData: '{"fields": [{"__config__": {"jnpfKey": "input", "label": "名称"}, "__vModel__": "name"}]}' });
    expect(fixed.body.code, JSON.stringify(fixed.body)).toBe(200);
  });
});

describe('generated code: the descriptor files', () => {
  it('CodePreview lists the descriptor (compiling strictly as a file under schemas/models), its menu line and a README; DownloadCode zips the same files', async () => {
    const name = forms.find((f) => f.includes('supplier')) ?? forms[0]!;
    const columns = resolve(CORPUS, 'columns', name.replace('.form.json', '.columns.json'));
    const made = await admin.post('/api/visualdev/Base', {
      fullName: '供应商', fullName_i18n: { en: 'Suppliers' }, enCode: 'genSupplier', category: 'purchase', type: 1,
      formData: readFileSync(resolve(formsDir, name), 'utf8'), ...(existsSync(columns) ? { columnData: readFileSync(columns, 'utf8') } : {}),
    });
    const id = made.body.data.id as string;
    const preview = await admin.post(`/api/visualdev/Generater/${id}/Actions/CodePreview`);
    expect(preview.body.code).toBe(200);
    const files = preview.body.data.list as { fileName: string; content: string }[];
    expect(files.map((f) => f.fileName)).toEqual(['schemas/models/genSupplier.json', 'schemas/menu.entry.json', 'README.md']);
    const descriptor = JSON.parse(files[0]!.content);
    expect(descriptor).toMatchObject({ id, fullName: '供应商', fullName_i18n: { en: 'Suppliers' }, enCode: 'genSupplier', category: 'purchase' });
    expect(descriptor.formData).toEqual(JSON.parse(readFileSync(resolve(formsDir, name), 'utf8')));
    expect(errorsOf(compileDescriptor(descriptor, 'models/genSupplier.json', { strict: true }).problems)).toEqual([]);
    expect(JSON.parse(files[1]!.content)).toMatchObject({ type: 3, enCode: 'genSupplier', moduleId: id, url: 'model/genSupplier' });

    const areas = await admin.get('/api/visualdev/Generater/AreasName');
    expect(areas.body.data).toContain('purchase');

    const link = await admin.post(`/api/visualdev/Generater/${id}/Actions/DownloadCode`);
    expect(link.body.data.name).toBe('genSupplier.zip');
    const res = await fetch(`${server.url}${link.body.data.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/zip/);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual(files.map((f) => `genSupplier/${f.fileName}`).sort());
    for (const f of files) expect(strFromU8(zip[`genSupplier/${f.fileName}`]!)).toBe(f.content);
  });
});

describe('release into the menu', () => {
  type Node = { id: string; fullName: string; type: number; propertyJson: string | null; urlAddress: string | null; children: Node[] };
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

  it('places the page under the chosen directory in the same step; the administrator sees it at the next request; releasing again does not duplicate it', async () => {
    const before = flat((await admin.get('/api/oauth/CurrentUser')).body.data.menuList[0].children);
    const directories = (await admin.get('/api/visualdev/Base/MenuDirectories')).body.data.list as { id: string; type: number }[];
    expect(directories.length).toBeGreaterThan(0);
    const parent = directories[0]!;
    const { id } = await (async () => {
      const imported = await upload(readFileSync(resolve(formsDir, forms[0]!), 'utf8'), 'menuPlaced.json');
      return { id: imported.body.data.id as string };
    })();
    const refused = await admin.post(`/api/visualdev/Base/${id}/Actions/Release`, { parentMenuId: 'nowhere' });
    expect(refused.status).toBe(400);
    expect((await admin.get(`/api/visualdev/Base/${id}`)).body.data.state).toBe(0);

    const released = await admin.post(`/api/visualdev/Base/${id}/Actions/Release`, { parentMenuId: parent.id, fullName: '导入的功能' });
    expect(released.body.code, JSON.stringify(released.body)).toBe(200);
    const after = flat((await admin.get('/api/oauth/CurrentUser')).body.data.menuList[0].children);
    const entry = after.find((n) => n.fullName === '导入的功能');
    expect(entry).toBeTruthy();
    expect(before.find((n) => n.id === entry!.id)).toBeUndefined();
    expect(entry).toMatchObject({ type: 3, urlAddress: 'model/menuPlaced' });
    expect(JSON.parse(entry!.propertyJson!)).toEqual({ moduleId: id, isTree: 0 });
    expect(flat(after.filter((n) => n.id === parent.id)).some((n) => n.id === entry!.id)).toBe(true);

    await admin.post(`/api/visualdev/Base/${id}/Actions/Release`, { parentMenuId: parent.id, fullName: '导入的功能二' });
    const twice = flat((await admin.get('/api/oauth/CurrentUser')).body.data.menuList[0].children).filter((n) => n.propertyJson && JSON.parse(n.propertyJson).moduleId === id);
    expect(twice.map((n) => n.fullName)).toEqual(['导入的功能二']);
    const logged = await server.database.db.selectFrom('baseAuditLog').select(['entity', 'action']).where('entityId', 'in', [id, entry!.id]).execute();
    expect(logged).toEqual(expect.arrayContaining([{ entity: 'model', action: 'create' }, { entity: 'model', action: 'update' }, { entity: 'menu', action: 'create' }]));
  });

  it('file-backed models are not deleted or released here: the message names the file', async () => {
    const file = await server.database.db.selectFrom('baseVisualdev').select('id').where('sourceFile', 'is not', null).executeTakeFirstOrThrow();
    const refused = await client(server.url, token, 'en').del(`/api/visualdev/Base/${file.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/defined by the file models\//);
  });
});
