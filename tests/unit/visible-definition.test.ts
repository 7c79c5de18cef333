import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileModel, visibleDefinition } from '../../src/runtime/compile';
import type { CompiledModel } from '../../src/runtime/model/compiled';
import { filterModel, hiddenCodes, type ModelPermissions } from '../../server/modules/visualdev/model-permissions';

/**
 * The definition the Config call sends (visibleDefinition) compiles, in the page, to the model
 * the server filters for the same user (filterModel): the same form fields, columns, search
 * fields and buttons — nothing the user may not see, nothing they may see is lost.
 */
const demo = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../schemas/models/demo-model.json'), 'utf8')) as Record<string, unknown>;
const compile = (formData: unknown, columnData: unknown) => compileModel({ id: 'm', fullName: 'M', enCode: 'm', formData, columnData }, { file: 'test' }).model!;

function shape(model: CompiledModel) {
  const inForm = Object.values(model.form.fields).filter((f) => !f.noShow).map((f) => f.key).sort();
  return {
    inForm,
    columns: model.list.columns.map((c) => c.prop),
    search: model.list.searchFields.map((s) => s.prop),
    keyword: model.list.keywordFields,
    buttons: model.list.buttons.map((b) => b.value),
    rowButtons: model.list.rowButtons.map((b) => b.value),
  };
}

const grants: [string, ModelPermissions][] = [
  ['nothing', { all: false, button: new Set(), column: new Set(), form: new Set() }],
  ['some of each', { all: false, button: new Set(['btn_add', 'btn_detail']), column: new Set(['goodsCode', 'goodsName', 'price']), form: new Set(['goodsCode', 'goodsName', 'category']) }],
  ['columns without their form fields', { all: false, button: new Set(['btn_edit']), column: new Set(['category', 'unit', 'onSale', 'creatorTime']), form: new Set(['goodsName']) }],
];

describe('the definition a user is sent compiles to the model the server filters for them', () => {
  const full = compile(demo.formData, demo.columnData);
  for (const [name, perms] of grants) {
    it(name, () => {
      const visible = visibleDefinition(demo.formData as Record<string, unknown>, demo.columnData as Record<string, unknown>, hiddenCodes(full, perms));
      const fromDefinition = compile(visible.formData, visible.columnData);
      const filtered = filterModel(full, perms);
      expect(shape(fromDefinition)).toEqual(shape(filtered));
      // fields hidden from the form but shown as columns stay for the list, out of the form
      for (const column of fromDefinition.list.columns) expect(fromDefinition.form.fields[column.prop], column.prop).toBeTruthy();
      const text = JSON.stringify(visible);
      for (const field of Object.values(full.form.fields)) {
        const seen = filtered.list.columns.some((c) => c.prop === field.key) || filtered.form.fields[field.key];
        if (field.stores && !seen) expect(text, field.key).not.toContain(`"${field.key}"`);
      }
    });
  }
});
