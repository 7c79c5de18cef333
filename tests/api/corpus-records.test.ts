import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from '@e965/xlsx';
import { compileModel } from '../../src/runtime/compile';
import { type FormatContext, kindOf, type RefNames } from '../../src/runtime/kinds';
import type { CompiledField, CompiledModel } from '../../src/runtime/model/compiled';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';

/**
 * Every real exported form of ../shared/corpus with its list configuration, as a model of the
 * record API: it lists with its own page size, saves a record, and shows what it saved the same
 * way everywhere — the stored values in the edit form's reply and the list, and each value
 * through its kind's one formatter in the detail (DataChange) and the export.
 */
const CORPUS = process.env.CORPUS_DIR ?? resolve(import.meta.dirname, '../../../shared/corpus');
const pairs = existsSync(resolve(CORPUS, 'forms'))
  ? readdirSync(resolve(CORPUS, 'forms'))
      .filter((f) => f.endsWith('.form.json'))
      .map((f) => ({ name: f.replace('.form.json', ''), form: resolve(CORPUS, 'forms', f), columns: resolve(CORPUS, 'columns', f.replace('.form.json', '.columns.json')) }))
      .filter((p) => existsSync(p.columns))
  : [];

let server: TestServer;
let admin: ReturnType<typeof client>;
let adminId: string;
let departmentId: string;
/** Real objects for the other pickers: a save refuses ids that name nothing (picker-checks.ts). */
const refIds: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  admin = client(server.url, await tokenFor(db, 'admin'));
  adminId = (await db.selectFrom('baseUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
  departmentId = (await db.selectFrom('baseOrganize').select('id').where('category', '=', 'department').executeTakeFirstOrThrow()).id;
  refIds.position = (await db.selectFrom('basePosition').select('id').executeTakeFirstOrThrow()).id;
  refIds.role = (await db.selectFrom('baseRole').select('id').executeTakeFirstOrThrow()).id;
  refIds.group = (await db.selectFrom('baseGroup').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
});

/** A value each storing kind accepts (the one text also passes the corpus's mobile-number rule). */
function sample(field: CompiledField): unknown {
  const first = field.options?.from === 'static' ? field.options.options[0]?.value : undefined;
  const kind = kindOf(field.kind);
  // The corpus's dictionaries are the product's, absent here: their selects can store nothing.
  const check = kind.optionCheck(field.props);
  if (field.options?.from === 'dictionary' && check) return check === 'items' ? [] : null;
  if (kind.refs === 'user') return field.props.multiple ? [adminId] : adminId;
  if (kind.refs === 'organize') return field.kind === 'organizeSelect' ? [departmentId] : departmentId;
  if (kind.refs && refIds[kind.refs]) return field.props.multiple ? [refIds[kind.refs]] : refIds[kind.refs];
  // the models a related form points at are not in the corpus: nothing to relate to
  if (field.kind === 'relationForm') return null;
  switch (field.kind) {
    case 'inputNumber': case 'calculate': return 12.5;
    case 'rate': return 3;
    case 'slider': return field.props.range === true ? [10, 20] : 40;
    case 'switch': return field.props.activeValue ?? 1;
    case 'datePicker': return Date.UTC(2026, 10, 23);
    case 'dateRange': return [Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 30)];
    case 'timePicker': return '08:30:00';
    case 'timeRange': return ['08:00:00', '17:30:00'];
    case 'checkbox': return first !== undefined ? [first] : ['a'];
    case 'cascader': case 'areaSelect': return ['110000', '110100'];
    case 'uploadFile': case 'uploadImg': return [{ name: 'a.png', fileId: 'f1', url: '/a.png' }];
    case 'table': return [];
    case 'colorPicker': return '#1890ff';
    case 'editor': return '<p>说明</p>';
    default: return first !== undefined ? (field.props.multiple ? [first] : first) : '13912345678';
  }
}

function contextOf(refs: RefNames): FormatContext {
  return { locale: 'zh-CN', options: (f) => (f.options?.from === 'static' ? f.options.options : []), refName: (ref, id) => refs[ref]?.[id] };
}

describe('the real exported forms as models of the record API', () => {
  it('finds the corpus', () => expect(pairs.length).toBeGreaterThanOrEqual(8));

  for (const pair of pairs) {
    it(`${pair.name}: lists with its own page size, saves, and shows what it saved`, async () => {
      const formData = readFileSync(pair.form, 'utf8');
      const columnData = readFileSync(pair.columns, 'utf8');
      const created = await admin.post('/api/visualdev/Base', { fullName: pair.name, enCode: pair.name.replace(/\W/g, '_'), category: 'corpus', type: 1, formData, columnData });
      expect(created.body.code, created.body.msg).toBe(200);
      const id = created.body.data.id as string;
      expect((await admin.post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);
      const model = compileModel({ id, fullName: pair.name, enCode: 'x', formData, columnData }, { file: pair.name }).model as CompiledModel;

      const empty = await admin.post(`/api/visualdev/OnlineDev/${id}/List`, {});
      expect(empty.body.code, empty.body.msg).toBe(200);
      expect(empty.body.data.pagination.pageSize).toBe(model.list.pageSize);

      const fields = Object.values(model.form.fields).filter((f) => f.stores && !f.system);
      const values = Object.fromEntries(fields.map((f) => [f.key, sample(f)]));
      const saved = await admin.post(`/api/visualdev/OnlineDev/${id}`, { data: values });
      expect(saved.body.code, saved.body.msg).toBe(200);
      const recordId = saved.body.data.id as string;

      const read = await admin.get(`/api/visualdev/OnlineDev/${id}/${recordId}`);
      const stored = JSON.parse(read.body.data.data) as Record<string, unknown>;
      // a serial field holds its rule's next number (the demo seed has the corpus's rules), not what was sent
      const serial = (f: CompiledField) => kindOf(f.kind).serialRule(f) !== null;
      for (const f of fields.filter(serial)) expect(stored[f.key], f.key).toMatch(/^(DD|BX|RK)\d{10,13}$/);
      for (const f of fields.filter((x) => !serial(x))) expect(stored[f.key], f.key).toEqual(values[f.key]);
      const ctx = contextOf(read.body.data.refs);

      const listed = await admin.post(`/api/visualdev/OnlineDev/${id}/List`, {});
      expect(listed.body.data.pagination.total).toBe(1);
      const row = listed.body.data.list[0] as Record<string, unknown>;
      for (const c of model.list.columns) if (model.form.fields[c.prop]) expect(row[c.prop], c.prop).toEqual(stored[c.prop] ?? null);

      const detail = JSON.parse((await admin.get(`/api/visualdev/OnlineDev/${id}/${recordId}/DataChange`)).body.data.data) as Record<string, unknown>;
      for (const f of Object.values(model.form.fields).filter((x) => x.stores)) expect(detail[f.key], f.key).toEqual(kindOf(f.kind).format(stored[f.key], f, ctx));

      const exported = await admin.post(`/api/visualdev/OnlineDev/${id}/Actions/Export`, {});
      expect(exported.body.code, exported.body.msg).toBe(200);
      const file = await fetch(`${server.url}${exported.body.data.url}`);
      const book = XLSX.read(Buffer.from(await file.arrayBuffer()), { type: 'buffer' });
      const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: '' });
      const columns = model.list.columns.filter((c) => model.form.fields[c.prop]);
      expect(sheet[1]).toEqual(columns.map((c) => kindOf(model.form.fields[c.prop]!.kind).exportValue(stored[c.prop], model.form.fields[c.prop]!, ctx)));
    });
  }
});
