import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/runtime/compile/model';
import { emptyRow, summaryOf, summaryText } from '../../src/runtime/kinds/table';
import { validateRecord } from '../../src/runtime/validation';
import { placeMessages } from '../../src/renderers/form/refusal';

const { model } = compileModel({
  id: 'st', enCode: 'st', fullName: 'st',
  formData: {
    fields: [
      {
        __config__: {
          jnpfKey: 'table', label: '明细',
          children: [
            { __config__: { jnpfKey: 'comInput', label: '名称', required: true }, __vModel__: 'name' },
            { __config__: { jnpfKey: 'comInput', label: '编码', regList: [{ pattern: '/^[A-Z]+$/', message: '编码只能是大写字母' }] }, __vModel__: 'code' },
            { __config__: { jnpfKey: 'inputNumber', label: '数量', defaultValue: 1 }, __vModel__: 'qty' },
          ],
        },
        __vModel__: 'items', 'show-summary': true, summaryField: ['qty', 'code'], thousands: true, thousandsField: ['qty'],
      },
    ],
  },
}, { file: 'st' });
const table = model!.form.fields.items!;
const t = (key: string, params?: Record<string, string | number>) => (key === 'renderers.rowMessage' ? `第${params!.row}行：${params!.message}` : key);

describe('sub-table summary (合计)', () => {
  it('reads show-summary (v3) and summaryField; sums numbers and numeric text, ignores the rest, 2 decimals when not an integer', () => {
    expect(summaryOf(table)).toEqual({ shown: true, columns: new Set(['qty', 'code']) });
    expect(summaryText(table, [{ qty: 1 }, { qty: '2' }, { qty: 'abc' }, { qty: null }, {}], 'qty')).toBe('3');
    expect(summaryText(table, [{ qty: 0.1 }, { qty: 0.2 }], 'qty')).toBe('0.30');
    expect(summaryText(table, [{ qty: 1000 }, { qty: 234.5 }], 'qty')).toBe('1,234.50'); // thousands on this column
    expect(summaryText(table, [{ code: 'AB' }], 'code')).toBe('0');
    expect(summaryOf({ ...table, props: { showSummary: false, summaryField: ['qty'] } }).shown).toBe(false);
  });

  it('a new row takes every column default', () => {
    expect(emptyRow(table)).toEqual({ name: null, code: null, qty: 1 });
  });
});

describe('sub-table cell validation (the form and the server use the same validator)', () => {
  const record = { items: [{ name: 'a', code: 'AB', qty: 1 }, { name: '', code: 'ab', qty: 2 }, { code: 'X' }] };

  it('required and regList per cell, with the column own message, addressed table.row.column', () => {
    const errors = validateRecord(model!, record, { mode: 'create' });
    expect(errors).toEqual(expect.arrayContaining([
      { field: 'items.1.name', message: '名称不能为空' },
      { field: 'items.1.code', message: '编码只能是大写字母' },
      { field: 'items.2.name', message: '名称不能为空' },
    ]));
    expect(errors.some((e) => e.field.startsWith('items.0'))).toBe(false);
  });

  it('an update checks whole rows too (a row missing a required column is refused)', () => {
    expect(validateRecord(model!, { items: [{ code: 'X' }] }, { mode: 'update' })).toEqual([{ field: 'items.0.name', message: '名称不能为空' }]);
    expect(validateRecord(model!, {}, { mode: 'update' })).toEqual([]); // a partial update may still leave the table out
  });

  it('places each message in its cell and the first under the table, naming the row', () => {
    const placed = placeMessages(model!, new Set(['items']), validateRecord(model!, record, { mode: 'create' }), t as never);
    expect(placed.byField['items']).toBe('第2行：名称不能为空');
    expect(placed.byField['items.1.code']).toBe('编码只能是大写字母');
    expect(placed.byField['items.2.name']).toBe('名称不能为空');
    expect(placed.elsewhere).toEqual([]);
  });
});

describe('addType 1: picked rows become table rows', () => {
  it('maps interface columns by relationOptions, else by the same name, only onto storing columns', async () => {
    const { relationOptionsOf } = await import('../../src/renderers/fields/table/AddFromPopup');
    expect(relationOptionsOf([{ field: 'name', value: 'fullName' }, { field: 'nope', value: 'x' }, { field: 'qty', value: 'stock' }], table))
      .toEqual([{ column: 'name', source: 'fullName' }, { column: 'qty', source: 'stock' }]);
    expect(relationOptionsOf(undefined, table)).toEqual([{ column: 'name', source: 'name' }, { column: 'code', source: 'code' }, { column: 'qty', source: 'qty' }]);
  });
});
