import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileModel } from '../../src/runtime/compile';
import type { CompiledField, CompiledModel } from '../../src/runtime/model/compiled';
import { startE2E, type E2E } from './browser';
import { CORPUS, releaseCorpusModel } from './corpus-helpers';
import { fillField, isEmptyValue, textFor } from './fill-helpers';
import { api, form, list, noReactErrors, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * Issue 13, "done means": every real form we test with (../shared/corpus/forms/jnpf31seed_vd_*)
 * saves from the browser with every field filled. Each form is created and released as a model,
 * its add form is opened, every visible, editable, storing field is filled through its own
 * widget (tests/e2e/fill-helpers.ts, by kind), the record is saved, and the stored record holds a
 * non-empty value for each of those fields; the list shows it.
 *
 * The forms name dictionaries by the original system's ids: the setup creates them (enCode = that
 * id, two entries each). The related form of 入职申请 (ruzhisq) names model
 * 944cf200a7f847fca7a158379fcc1395: the setup makes it (a copy of 招聘 under that id) with a record.
 */
const FORMS = fs.readdirSync(path.join(CORPUS, 'forms')).filter((f) => /^jnpf31seed_vd_.*\.form\.json$/.test(f)).sort();
const RELATED_MODEL = '944cf200a7f847fca7a158379fcc1395';

/**
 * Fields that cannot be filled through their widget, with the reason. Empty: every field of
 * the corpus is filled. A key here is neither filled nor checked (form file → field key → why).
 */
const CANNOT_FILL: Record<string, Record<string, string>> = {};

let e2e: E2E;
let admin: Session;
let relatedRecord = '';

const compile = (file: string, formData: string, id = 'x'): CompiledModel => {
  const result = compileModel({ id, fullName: 'x', enCode: 'x', formData }, { file });
  if (!result.model) throw new Error(`${file} does not compile`);
  return result.model;
};

/** The fields a person fills: shown, storing, not filled by the server, not disabled or read-only (none of the corpus depends on another field, showWhen). */
const fillable = (model: CompiledModel): CompiledField[] =>
  Object.values(model.form.fields).filter((f) => f.stores && f.visiblePc && !f.noShow && !f.system && !f.disabled && !f.readonly);

/** Every dictionary the corpus forms name, sub-table columns included (read from the files). */
function dictionaryTypes(): string[] {
  const types = new Set<string>();
  const walk = (fields: CompiledField[]) => {
    for (const f of fields) {
      if (f.options?.from === 'dictionary') types.add(f.options.dictionaryType);
      walk(f.columns ?? []);
    }
  };
  for (const file of FORMS) walk(Object.values(compile(file, fs.readFileSync(path.join(CORPUS, 'forms', file), 'utf8')).form.fields));
  return [...types];
}

beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
  const c = api(e2e, admin.token);
  const types = dictionaryTypes();
  expect(types.length).toBeGreaterThan(0);
  for (const [i, enCode] of types.entries()) {
    const made = await c.post<{ id: string }>('/api/system/DictionaryType', { parentId: '-1', fullName: `语料字典${i + 1}`, enCode, isTree: 0, sortCode: 90 + i });
    expect(made.body.code, JSON.stringify(made.body)).toBe(200);
    for (const n of [1, 2]) {
      const entry = await c.post('/api/system/DictionaryData', { dictionaryTypeId: made.body.data!.id, parentId: made.body.data!.id, fullName: `语料项${i + 1}-${n}`, enCode: `corpus${i + 1}n${n}`, enabledMark: 1, sortCode: n });
      expect(entry.body.code, JSON.stringify(entry.body)).toBe(200);
    }
  }

  // The related model: the Base API makes its own ids, so 招聘 is released and its row copied under the id the form names.
  const db = e2e.server.database.db;
  const recruit = await releaseCorpusModel(e2e, admin.token, 'jnpf31seed_vd_recruit.form.json', '招聘-关联', 'corpusRelated');
  const row = await db.selectFrom('baseVisualdev').selectAll().where('id', '=', recruit).executeTakeFirstOrThrow();
  await db.insertInto('baseVisualdev').values({ ...row, id: RELATED_MODEL, enCode: 'corpusRelatedCopy' }).execute();
  const record = await c.post(`/api/visualdev/OnlineDev/${RELATED_MODEL}`, { data: { f_apply: '13800138000', f_depname: '关联部门', f_gender: null } });
  expect(record.body.code, JSON.stringify(record.body)).toBe(200);
  relatedRecord = (record.body.data as { id: string }).id;
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

describe('every real form saves from the browser with every field filled', () => {
  it('has the eight forms', () => {
    expect(FORMS).toHaveLength(8);
  });

  it.each(FORMS.map((f, i) => [f, i] as const))('%s: every visible, editable, storing field filled, saved, stored non-empty, listed', async (file, i) => {
    const { page, errors } = admin;
    errors.length = 0;
    const id = await releaseCorpusModel(e2e, admin.token, file, `填写${i + 1}`, `corpusFill${i + 1}`);
    const config = await api(e2e, admin.token).get<{ formData: string }>(`/api/visualdev/OnlineDev/${id}/Config`);
    const fields = fillable(compile(file, config.body.data!.formData, id));
    const skipped = CANNOT_FILL[file] ?? {};
    const toFill = fields.filter((f) => !(f.key in skipped));
    expect(toFill.length).toBeGreaterThan(0);

    await page.goto(`/previewModel?id=${id}`);
    await page.locator(`.scp-model-page[data-model-id="${id}"]`).waitFor();
    await waitRows(page, 0);
    await page.locator('[data-button="btn_add"]').click();
    await form(page).waitFor();
    await page.waitForFunction(() => !document.querySelector('.scp-form-item-pending'));

    const noFiller: string[] = [];
    for (const field of toFill) {
      if (!(await fillField(page, field))) noFiller.push(`${field.key} (${field.kind})`);
    }
    expect(noFiller, 'kinds without a filler').toEqual([]);

    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/visualdev/OnlineDev/${id}`);
    await page.locator('[data-action="form-submit"]').click();
    const answer = await Promise.race([
      saved.then(async (r) => (await r.json()) as { code: number; msg?: string }),
      form(page).locator('.scp-field-error, [data-form-messages]').first().waitFor().then(async () => ({ code: -1, msg: (await form(page).locator('.scp-field-error, [data-form-messages]').allTextContents()).join('; ') })),
    ]);
    expect(answer.code, answer.msg).toBe(200);
    await form(page).waitFor({ state: 'hidden' });

    const stored = await e2e.server.database.db.selectFrom('visualdevRecord').select(['id', 'data']).where('modelId', '=', id).execute();
    expect(stored).toHaveLength(1);
    const data = JSON.parse(stored[0]!.data) as Record<string, unknown>;
    const empty: string[] = [];
    for (const field of toFill) {
      const value = data[field.key];
      // a value equal to the form's default (0 of a slider, off of a switch) was not filled by the test
      if (isEmptyValue(value) || JSON.stringify(value) === JSON.stringify(field.defaultValue)) empty.push(`${field.key} (${field.kind}): ${JSON.stringify(value)}`);
      if (field.kind === 'relationForm') expect(value, 'the related record, by id').toBe(relatedRecord);
      if (field.kind === 'input' || field.kind === 'textarea') expect(value, field.key).toBe(textFor(field));
      if (field.kind === 'table' && Array.isArray(value))
        for (const column of field.columns ?? [])
          if (column.stores && !column.disabled && !column.readonly && isEmptyValue((value[0] as Record<string, unknown>)[column.key])) empty.push(`${field.key}.0.${column.key} (${column.kind})`);
    }
    expect(empty, `empty or default in the stored record: ${JSON.stringify(data)}`).toEqual([]);

    await waitRows(page, 1);
    await list(page).locator(`tbody tr[data-row-id="${stored[0]!.id}"]`).waitFor();
    noReactErrors(errors);
  });
});
