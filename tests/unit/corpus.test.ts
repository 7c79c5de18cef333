import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/runtime/compile';
import { canonicalKind, isContainerKind, kindOf } from '../../src/runtime/kinds';

/** Real exported definitions (../shared/corpus, read-only): they must compile as they are, with no errors. */
const CORPUS = process.env.CORPUS_DIR ?? resolve(import.meta.dirname, '../../../shared/corpus');
const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** Storing fields of a designer field list (top level; sub-table columns under their table). */
function storingFields(fields: unknown[]): { key: string; table?: string }[] {
  const out: { key: string; table?: string }[] = [];
  const walk = (list: unknown[], table?: string) => {
    for (const item of list as Record<string, any>[]) {
      const config = item?.__config__;
      if (!config) continue;
      const key = config.jnpfKey as string | undefined;
      const kind = key ? canonicalKind(key) : null;
      if (kind && kindOf(kind).stores && item.__vModel__) out.push({ key: item.__vModel__, table });
      if (kind === 'table') walk(config.children ?? [], item.__vModel__);
      else if (!kind && key && isContainerKind(key)) {
        for (const child of config.children ?? []) walk(child?.__config__?.jnpfKey ? [child] : (child?.__config__?.children ?? []), table);
      }
    }
  };
  walk(fields);
  return out;
}

describe('corpus', () => {
  it('is there', () => expect(existsSync(join(CORPUS, 'forms'))).toBe(true));

  const forms = existsSync(join(CORPUS, 'forms')) ? readdirSync(join(CORPUS, 'forms')).filter((n) => n.endsWith('.json')).sort() : [];
  for (const name of forms) {
    it(`${name} (with its columns) compiles with no errors and keeps every storing field`, () => {
      const formData = read(join(CORPUS, 'forms', name)) as { fields: unknown[] };
      const columnsPath = join(CORPUS, 'columns', name.replace('.form.json', '.columns.json'));
      const columnData = name.endsWith('.form.json') && existsSync(columnsPath) ? read(columnsPath) : undefined;
      const { model, problems } = compileModel({ id: name, fullName: name, enCode: 'corpus', formData, columnData }, { file: `corpus/forms/${name}` });
      expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
      for (const { key, table } of storingFields(formData.fields)) {
        if (table) expect(model!.form.fields[table]!.columns!.map((c) => c.key), `${table}.${key}`).toContain(key);
        else expect(model!.form.fields, key).toHaveProperty([key]);
      }
      if (columnData) expect(model!.list.columns.length).toBeGreaterThan(0);
    });
  }

  for (const name of ['erp5x_generated_columnList_routingStepItem.json', 'erp5x_generated_searchList_customer.json']) {
    it(`${name}: generated list items (carrying their field configs) compile with no errors`, () => {
      const items = read(join(CORPUS, 'columns', name)) as Record<string, unknown>[];
      const listOnly = new Set(['label', 'labelI18nCode', 'prop', 'fixed', 'align', 'jnpfKey', 'sortable', 'width', 'id', 'fullName', 'fullNameI18nCode', 'searchType', 'searchMultiple', 'isKeyword']);
      const fields = items.map((item) => Object.fromEntries(Object.entries(item).filter(([k]) => !listOnly.has(k))));
      const columnData = name.includes('searchList') ? { searchList: items } : { columnList: items };
      const { model, problems } = compileModel({ id: name, fullName: name, enCode: 'erp', formData: { fields }, columnData }, { file: `corpus/columns/${name}` });
      expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
      const list = name.includes('searchList') ? model!.list.searchFields : model!.list.columns;
      expect(list.map((c) => c.prop)).toEqual(items.map((i) => i.prop));
      if (name.includes('searchList')) expect(model!.list.searchFields.map((s) => s.searchType)).toEqual(items.map((i) => i.searchType));
    });
  }

  it('dxqm tab/collapse panes keep their titles and names', () => {
    const formData = read(join(CORPUS, 'forms', 'dxqm_formcloumnutil_tab_collapse_v3.1.json'));
    const { model } = compileModel({ id: 'd', fullName: 'd', enCode: 'd', formData }, { file: 'dxqm' });
    const [tab, collapse] = model!.form.layout;
    expect(tab).toMatchObject({ node: 'panes', kind: 'tab', panes: [{ title: 'Tab 1' }, { title: 'Tab 2' }] });
    expect(collapse).toMatchObject({ node: 'panes', kind: 'collapse', panes: [{ title: '面板1', name: '1' }, { title: '面板2', name: '2' }, { title: '新面板', name: '7SffpY', children: [] }] });
  });
});
