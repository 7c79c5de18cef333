import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/runtime/compile';
import { buildRecordSchema } from '../../src/runtime/compile/record-schema';
import {
  confirmSelection, displayText, openSelection, pageSizeOf, paramListOf, popupConfigOf, relationReady, tableColumns, toggleRow, valueIds,
} from '../../src/runtime/popup-select';

/** The selection rules of the popup select and related-form pickers (spec widgets 4, 9). */
describe('popup select configuration', () => {
  it('reads the JNPF props with the spec defaults', () => {
    const c = popupConfigOf({ interfaceId: 'customers' });
    expect(c).toMatchObject({ interfaceId: 'customers', propsValue: 'id', relationField: 'fullName', hasPage: false, pageSize: 20, multiple: false, popupType: 'dialog', popupWidth: '800px' });
    expect(pageSizeOf(c)).toBe(10000);
    expect(pageSizeOf(popupConfigOf({ hasPage: true }))).toBe(20);
    expect(pageSizeOf(popupConfigOf({ hasPage: true, pageSize: 50 }))).toBe(50);
    expect(popupConfigOf({ popupType: 'drawer', popupWidth: 600 })).toMatchObject({ popupType: 'drawer', popupWidth: '600px' });
    expect(tableColumns(popupConfigOf({ relationField: 'name' }))).toEqual([{ value: 'name', label: 'name' }]);
    expect(tableColumns(popupConfigOf({ columnOptions: [{ value: 'city', label: '城市' }, { label: 'no value' }] }))).toEqual([{ value: 'city', label: '城市' }]);
  });

  it('a related form looks up only when its model and shown field are set, and stores one record id', () => {
    expect(relationReady(popupConfigOf({ modelId: 'm' }, true))).toBe(false);
    expect(relationReady(popupConfigOf({ relationField: 'name' }, true))).toBe(false);
    const c = popupConfigOf({ modelId: 'm', relationField: 'name', multiple: true, interfaceId: 'x' }, true);
    expect(relationReady(c)).toBe(true);
    expect(c).toMatchObject({ interfaceId: '', propsValue: 'id', multiple: false, hasPage: true });
  });

  it('passes templateJson parameters with the sibling field’s value, else the default', () => {
    const params = popupConfigOf({ templateJson: [{ field: 'city', relationField: 'cityField', defaultValue: '上海' }, { field: 'kind', defaultValue: 'a' }, { field: 'none' }, { nope: 1 }] }).templateJson;
    const siblings: Record<string, unknown> = { cityField: '杭州' };
    expect(paramListOf(params, (k) => siblings[k])).toEqual([{ field: 'city', defaultValue: '杭州' }, { field: 'kind', defaultValue: 'a' }, { field: 'none', defaultValue: '' }]);
    siblings.cityField = '';
    expect(paramListOf(params, (k) => siblings[k])[0]).toEqual({ field: 'city', defaultValue: '上海' });
  });
});

describe('popup selection', () => {
  it('opening preloads the stored value', () => {
    expect(openSelection('c1', false)).toEqual({ ids: ['c1'] });
    expect(openSelection(['c1', 'c2'], true)).toEqual({ ids: ['c1', 'c2'] });
    expect(openSelection(['c1', 'c2'], false)).toEqual({ ids: ['c1'] });
    expect(openSelection(null, true)).toEqual({ ids: [] });
    expect(valueIds([1, '', null, 'x'])).toEqual(['1', 'x']);
  });

  it('single mode replaces the choice, multiple mode toggles rows', () => {
    let s = toggleRow({ ids: ['a'] }, 'b', false);
    expect(s).toEqual({ ids: ['b'] });
    s = toggleRow(toggleRow({ ids: [] }, 'a', true), 'b', true);
    expect(s).toEqual({ ids: ['a', 'b'] });
    expect(toggleRow(s, 'a', true)).toEqual({ ids: ['b'] });
  });

  it('confirm is ignored with no row, else gives the value to store', () => {
    expect(confirmSelection({ ids: [] }, false)).toBeNull();
    expect(confirmSelection({ ids: [] }, true)).toBeNull();
    expect(confirmSelection({ ids: ['a'] }, false)).toEqual({ value: 'a' });
    expect(confirmSelection({ ids: ['a', 'b'] }, true)).toEqual({ value: ['a', 'b'] });
  });

  it('shows the shown field of the chosen rows in the value’s order; an unknown id shows nothing', () => {
    const rows = new Map([['a', { id: 'a', fullName: '甲' }], ['b', { id: 'b', fullName: '乙' }]]);
    expect(displayText(['b', 'a', 'zz'], rows, 'fullName')).toBe('乙,甲');
    expect(displayText([], rows, 'fullName')).toBe('');
  });
});

describe('related-form attribute storage', () => {
  const compile = (isStorage: number) =>
    compileModel(
      {
        id: 'm', fullName: 'm', enCode: 'm',
        formData: { fields: [
          { __config__: { jnpfKey: 'relationForm', label: '仓库' }, __vModel__: 'wh', modelId: 'demo-warehouse', relationField: 'warehouseName' },
          { __config__: { jnpfKey: 'relationFormAttr', label: '仓库编码', isStorage }, __vModel__: 'whCode', relationField: 'wh', showField: 'warehouseCode' },
        ] },
      },
      { file: 'test', locale: 'zh-CN' },
    ).model!;

  it('isStorage 1 is shown, not saved; isStorage 2 is shown and saved', () => {
    const shown = compile(1);
    expect(shown.form.fields.whCode!.stores).toBe(false);
    expect(Object.keys((buildRecordSchema(shown.form.fields) as { properties: object }).properties)).not.toContain('whCode');
    const saved = compile(2);
    expect(saved.form.fields.whCode!.stores).toBe(true);
    expect((buildRecordSchema(saved.form.fields) as { properties: Record<string, unknown> }).properties.whCode).toMatchObject({ type: ['string', 'number', 'null'] });
  });
});
