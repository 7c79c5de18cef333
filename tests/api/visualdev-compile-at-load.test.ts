import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/runtime/i18n';
import type { CompiledModel } from '../../src/runtime/model/compiled';
import { compileOrRefuse, type ModelCompiler, releasedModel } from '../../server/modules/visualdev/model-store';
import { listPage } from '../../server/modules/visualdev/record-service';
import type { ModelDescriptor } from '../../server/modules/visualdev/compiler';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { goodsColumns, goodsDefinition, goodsForm } from './visualdev-fixture';

/**
 * Models are compiled from their released definition when loaded, cached by the definition's
 * hash, the compiler's version and the language: a new compiler (or a changed definition)
 * reaches a released model on its next use, and its records are indexed again when the new
 * compiled model indexes other fields.
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
let modelId: string;
const ALL = { all: true, button: new Set<string>(), column: new Set<string>(), form: new Set<string>() };

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(server.database.db, 'admin'));
  // the cost price is not a list column here, so today's compiler does not index it
  const columns = { ...goodsColumns, columnList: goodsColumns.columnList.filter((c) => c.prop !== 'costPrice') };
  modelId = (await admin.post('/api/visualdev/Base', { ...goodsDefinition('loadGoods'), columnData: JSON.stringify(columns) })).body.data.id;
  expect((await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).body.code).toBe(200);
  for (const [i, cost] of ['A-17', 'B-42', 'C-99'].entries()) {
    const made = await admin.post(`/api/visualdev/OnlineDev/${modelId}`, { data: { goodsName: `Goods ${i}`, quantity: i, costPrice: cost } });
    expect(made.body.code, made.body.msg).toBe(200);
  }
});
afterAll(async () => {
  await server?.close();
});

/** A compiler of another version that also lets the keyword box search the cost price. */
const nextCompiler: ModelCompiler = {
  version: 'next-compiler',
  compile(descriptor: ModelDescriptor, file: string, locale: Locale): CompiledModel {
    const model = compileOrRefuse(descriptor, file, locale);
    return { ...model, list: { ...model.list, keywordFields: [...model.list.keywordFields, 'costPrice'] } };
  },
};

describe('compiled at load', () => {
  it('a new compiler is used on the next request, and the records are indexed for what it searches', async () => {
    const db = server.database.db;
    const dialect = server.database.dialect;
    const before = await releasedModel(db, modelId);
    expect(before.list.keywordFields).not.toContain('costPrice');
    expect((await listPage(db, dialect, before, ALL, { keyword: 'B-42' })).total).toBe(0);

    const after = await releasedModel(db, modelId, 'zh-CN', nextCompiler);
    expect(after.list.keywordFields).toContain('costPrice');
    // the stored records were indexed again for the new compiled model, so old records are found
    const found = await listPage(db, dialect, after, ALL, { keyword: 'B-42' });
    expect(found.total).toBe(1);
    expect(JSON.parse(found.rows[0]!.data).goodsName).toBe('Goods 1');
    const row = await db.selectFrom('baseVisualdev').select(['indexSignature', 'releasedHash']).where('id', '=', modelId).executeTakeFirstOrThrow();
    expect(row.indexSignature).toMatch(/^[0-9a-f]{64}$/);
    expect(row.releasedHash).toMatch(/^[0-9a-f]{64}$/);

    // the same compiler and definition again: served from the cache (the same object)
    expect(await releasedModel(db, modelId, 'zh-CN', nextCompiler)).toBe(after);
    // back to today's compiler: the index follows it again
    const again = await releasedModel(db, modelId);
    expect((await listPage(db, dialect, again, ALL, { keyword: 'B-42' })).total).toBe(0);
  });

  it('the released definition is the truth: a change to it is compiled on the next request', async () => {
    const db = server.database.db;
    const form = structuredClone(goodsForm) as typeof goodsForm;
    (form.fields[0] as { __config__: { label: string } }).__config__.label = '货品名称';
    // as another process (or a descriptor file sync) would write it
    await db.updateTable('baseVisualdev').set({ releasedFormData: JSON.stringify(form), releasedHash: 'changed-elsewhere' }).where('id', '=', modelId).execute();
    const refused = await admin.post(`/api/visualdev/OnlineDev/${modelId}`, { data: { quantity: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toContainEqual({ field: 'goodsName', message: '货品名称不能为空' });
    const config = await admin.get(`/api/visualdev/OnlineDev/${modelId}/Config`);
    expect(JSON.parse(config.body.data.formData).fields[0].__config__.label).toBe('货品名称');
  });

  it('answers the Config call with the definition as saved, for the page (and the product client) to compile', async () => {
    const config = await admin.get(`/api/visualdev/OnlineDev/${modelId}/Config`);
    expect(config.body.code).toBe(200);
    expect(Object.keys(config.body.data).sort()).toEqual(['category', 'columnData', 'enCode', 'enableFlow', 'formData', 'fullName', 'granted', 'id', 'type', 'webType']);
    expect(typeof config.body.data.formData).toBe('string');
    expect(JSON.parse(config.body.data.columnData).columnList).toHaveLength(5);
    expect(config.body.data.granted).toEqual({ all: true, button: [], column: [], form: [] });
  });
});
