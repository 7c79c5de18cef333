import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { toChineseAmount, formatNumber } from '../../src/runtime/format/amount';
import { translate } from '../../src/runtime/i18n';
import { ALL_KINDS, kindOf, type FieldKind } from '../../src/runtime/kinds';
import { RenderersProvider } from '../../src/renderers/context';
import { createPartialDataProvider, type DataProvider } from '../../src/renderers/data/provider';
import { DetailBody } from '../../src/renderers/detail/DetailViewer';
import { UnknownKind } from '../../src/renderers/fields/shared/unknown';
import { externalLinkRoute } from '../../src/renderers/fields/link';
import { ModelForm } from '../../src/renderers/form/ModelForm';
import { createFormStore } from '../../src/renderers/form/store';
import { createRecordValidator } from '../../src/runtime/validation';
import { applyColumnSettings, columnSettingsKey, loadColumnSettings, saveColumnSettings } from '../../src/renderers/list/columnSettings';
import { groupRows, ModelList } from '../../src/renderers/list/ModelList';
import { chartSeries } from '../../src/renderers/pages/Chart';
import { allowedButtons, canUseButton, visibleColumns, visibleFieldKeys } from '../../src/renderers/permissions';
import { createFieldRegistry, lookupRenderer } from '../../src/renderers/registry';
import { allKindsModel, makeField, makeModel, SAMPLE_VALUES } from '../../src/renderers/testing/fixtures';
import type { EditProps, FieldRenderer } from '../../src/renderers/types';

const KINDS: readonly FieldKind[] = ALL_KINDS;
const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('zh-CN', key, params);

function render(node: ReactNode, data: DataProvider = createPartialDataProvider({})): string {
  return renderToString(
    <MantineProvider>
      <RenderersProvider data={data}>{node}</RenderersProvider>
    </MantineProvider>,
  );
}

describe('field registry', () => {
  const registry = createFieldRegistry();

  it('is plain data with an Edit, View and Cell for every field kind, and nothing else', () => {
    expect(Object.keys(registry).sort()).toEqual([...KINDS].sort());
    for (const kind of KINDS) {
      const r = registry[kind] as unknown as FieldRenderer;
      expect(typeof r.Edit, kind).toBe('function');
      expect(typeof r.View, kind).toBe('function');
      expect(typeof r.Cell, kind).toBe('function');
    }
  });

  it('looks kinds up exactly; an unknown kind gets null and a fallback that names it', () => {
    expect(lookupRenderer(registry, 'input')).toBe(registry.input);
    expect(lookupRenderer(registry, 'comInput')).toBeNull();
    expect(lookupRenderer(registry, 'Input')).toBeNull();
    expect(render(<UnknownKind kind="fancyWidget" />)).toContain('fancyWidget');
  });
});

describe.each(KINDS)('kind %s', (kind) => {
  const registry = createFieldRegistry();
  const field = makeField(kind, `${kind}_f`, { required: kindOf(kind).stores && kindOf(kind).group !== 'system' });
  const r = registry[kind] as unknown as FieldRenderer;
  const value = SAMPLE_VALUES[kind] ?? null;
  const props: EditProps = { field, value, onChange: () => {}, id: `x_${kind}`, disabled: false, readOnly: false, error: false };

  it('renders Edit, View and Cell (empty and with a value) without throwing', () => {
    expect(() => render(<r.Edit {...props} />)).not.toThrow();
    expect(() => render(<r.Edit {...props} value={null} />)).not.toThrow();
    expect(() => render(<r.View field={field} value={value} />)).not.toThrow();
    expect(() => render(<r.View field={field} value={undefined} />)).not.toThrow();
    expect(() => render(<r.Cell field={field} value={value} />)).not.toThrow();
  });

  if (kindOf(kind).group === 'system')
    it("is read-only with the 'filled by the system' placeholder", () => {
      const html = render(<r.Edit {...props} value={null} />);
      expect(html).toContain('readOnly');
      expect(html).toContain(t('renderers.systemFilled'));
    });

  if (kindOf(kind).stores && kindOf(kind).group !== 'system')
    it('validates: required and empty gives the message, a value passes', () => {
      const model = makeModel([field]);
      for (const validator of [createRecordValidator()]) {
        const errors = validator.validate(model, { [field.key]: null }, 'create');
        expect(errors.map((e) => e.field)).toEqual([field.key]);
        expect(errors[0]!.message).toContain(field.label);
        expect(validator.validate(model, { [field.key]: value ?? 'x' }, 'create')).toEqual([]);
      }
    });
});

describe('views', () => {
  it('number: thousands, precision and the amount in Chinese capitals', () => {
    const html = render(<DetailBody model={makeModel([makeField('inputNumber', 'n')])} permissions={null} record={{ n: 1234.5 }} />);
    expect(html).toContain('1,234.50');
    expect(html).toContain('壹仟贰佰叁拾肆元伍角');
  });

  it('options show their labels, cascader paths joined', () => {
    const html = render(<DetailBody model={makeModel([makeField('checkbox', 'c'), makeField('cascader', 'k')])} permissions={null} record={{ c: ['1', '2'], k: ['2', '21'] }} />);
    expect(html).toContain('选项一, 选项二');
    expect(html).toContain('选项二/子项');
  });

  it('link with _self goes through /externalLink with the address encoded', () => {
    expect(externalLinkRoute('https://a.b/c?d=1&e=2')).toBe('/externalLink?href=https%3A%2F%2Fa.b%2Fc%3Fd%3D1%26e%3D2');
    const html = render(<DetailBody model={makeModel([makeField('link', 'l')])} permissions={null} record={{}} />);
    expect(html).toContain('/externalLink?href=https%3A%2F%2Fexample.com%2Fhelp');
  });

  it('dictionary options come through useOptions and the provider; a missing dictionary gives no options, no crash', () => {
    const field = makeField('select', 's', { options: { from: 'dictionary', dictionaryType: 'nope', labelKey: 'fullName', valueKey: 'id', childrenKey: 'children' } });
    const data = createPartialDataProvider({ dictionary: async () => { throw new Error('missing'); } });
    expect(() => render(<DetailBody model={makeModel([field])} permissions={null} record={{ s: 'x' }} />, data)).not.toThrow();
  });
});

describe('form', () => {
  it('renders every visible field of every kind through the registry, required ones with the red asterisk', () => {
    const model = allKindsModel();
    model.form.fields.input_f!.required = true;
    const html = render(<ModelForm model={model} permissions={null} />);
    for (const kind of KINDS) expect(html, kind).toContain(`data-field-key="${kind}_f"`);
    expect(html.match(/scp-required/g)?.length).toBe(1);
  });

  it("honours visibility 'pc' and noShow", () => {
    const model = makeModel([makeField('input', 'a'), makeField('input', 'b', { visiblePc: false }), makeField('input', 'c', { noShow: true })]);
    const html = render(<ModelForm model={model} permissions={null} />);
    expect(html).toContain('data-field-key="a"');
    expect(html).not.toContain('data-field-key="b"');
    expect(html).not.toContain('data-field-key="c"');
  });

  it('with form permission on, only permitted fields render; a page without an entry shows none', () => {
    const model = makeModel([makeField('input', 'a'), makeField('input', 'b'), makeField('divider', 'd')], { usePermission: { button: false, column: false, form: true, data: false } });
    const html = render(<ModelForm model={model} permissions={{ modelId: 'm1', form: [{ enCode: 'a' }] }} />);
    expect(html).toContain('data-field-key="a"');
    expect(html).not.toContain('data-field-key="b"');
    expect(html).toContain('data-field-key="d"');
    expect([...visibleFieldKeys(model, null)]).toEqual(['d']);
  });

  it('draws layout containers: row, card, tab, collapse; unknown component keys name themselves', () => {
    const f = (k: string) => makeField('input', k);
    const model = makeModel([f('a'), f('b'), f('c'), f('d')], {}, [
      { node: 'container', kind: 'row', id: 'r', span: 24, title: null, props: {}, children: [{ node: 'field', key: 'a', span: 12 }] },
      { node: 'container', kind: 'card', id: 'k', span: 24, title: '卡片', props: {}, children: [{ node: 'field', key: 'b', span: 24 }] },
      { node: 'panes', kind: 'tab', id: 't', span: 24, title: null, props: {}, panes: [{ title: '页一', name: 'p1', children: [{ node: 'field', key: 'c', span: 24 }] }] },
      { node: 'panes', kind: 'collapse', id: 'c', span: 24, title: null, props: {}, panes: [{ title: '面板', name: 'q1', children: [{ node: 'field', key: 'd', span: 24 }] }] },
      { node: 'unknown', sourceKey: 'mysteryKey', id: 'u', span: 24, label: 'M' },
    ]);
    const html = render(<ModelForm model={model} permissions={null} />);
    for (const k of ['a', 'b', 'c', 'd']) expect(html).toContain(`data-field-key="${k}"`);
    expect(html).toContain('卡片');
    expect(html).toContain('页一');
    expect(html).toContain('面板');
    expect(html).toContain('data-unknown-kind="mysteryKey"');
  });

  it('the store notifies only the subscribers of the key that changed', () => {
    const store = createFormStore({ a: 1, b: 2 });
    let a = 0;
    let b = 0;
    store.subscribe('a', () => a++);
    store.subscribe('b', () => b++);
    store.setValue('a', 5);
    store.setValue('a', 5);
    expect([a, b]).toEqual([1, 0]);
    store.setErrors({ b: 'bad' });
    expect([a, b]).toEqual([1, 1]);
  });

  it('rules (regList) give their own message', () => {
    const field = makeField('input', 'p', { rules: [{ pattern: '^1[3-9]\\d{9}$', flags: '', message: '请输入正确的手机号码' }] });
    const v = createRecordValidator();
    expect(v.validate(makeModel([field]), { p: '123' }, 'create')).toEqual([{ field: 'p', message: '请输入正确的手机号码' }]);
    expect(v.validate(makeModel([field]), { p: '13800138000' }, 'create')).toEqual([]);
  });
});

describe('permissions', () => {
  const model = allKindsModel();
  const on = { ...model, usePermission: { button: true, column: true, form: true, data: false } };

  it('off: everything shows', () => {
    expect(visibleColumns(model, null)).toHaveLength(model.list.columns.length);
    expect(allowedButtons(model, null, model.list.rowButtons)).toHaveLength(3);
  });

  it('on: only listed codes; a page without modelId denies all', () => {
    const entry = { modelId: 'm1', column: [{ enCode: 'input_f' }], button: [{ enCode: 'btn_add' }, { enCode: 'btn_edit' }] };
    expect(visibleColumns(on, entry).map((c) => c.prop)).toEqual(['input_f']);
    expect(allowedButtons(on, entry, [...on.list.buttons, ...on.list.rowButtons]).map((b) => b.permissionCode)).toEqual(['btn_add', 'btn_edit']);
    expect(canUseButton(on, null, 'btn_add')).toBe(false);
    expect(canUseButton(on, { modelId: '' , button: [{ enCode: 'btn_add' }] }, 'btn_add')).toBe(false);
    expect(visibleColumns(on, null)).toEqual([]);
  });
});

describe('ModelList gating', () => {
  it('renders only permitted columns and toolbar buttons, with the paging layout', () => {
    const model = { ...allKindsModel(), usePermission: { button: true, column: true, form: false, data: false } };
    const entry = { modelId: 'm1', column: [{ enCode: 'input_f' }, { enCode: 'select_f' }], button: [{ enCode: 'btn_add' }] };
    const html = render(<ModelList model={model} permissions={entry} menuId="menu-x" />, createPartialDataProvider({ listRecords: async () => ({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } }) }));
    expect(html.match(/data-column="[^"]+"/g)).toEqual(['data-column="input_f"', 'data-column="select_f"']);
    expect(html).toContain('data-button="btn_add"');
    expect(html).not.toContain('btn_download');
    expect(html).not.toContain('btn_batchRemove');
    for (const part of ['total', 'sizes', 'pager', 'jumper']) expect(html).toContain(`data-pager="${part}"`);
    const none = render(<ModelList model={model} permissions={null} menuId="menu-x" />);
    expect(none).not.toContain('data-column=');
    expect(none).not.toContain('data-button=');
  });
});

describe('list helpers', () => {
  it('column settings are stored per menu id under the scp_ prefix and applied in order', () => {
    const mem = new Map<string, string>();
    const storage = { getItem: (k: string) => mem.get(k) ?? null, setItem: (k: string, v: string) => void mem.set(k, v) };
    saveColumnSettings('menu1', [{ prop: 'b', visible: false }, { prop: 'a', visible: true }], storage);
    expect([...mem.keys()]).toEqual([columnSettingsKey('menu1')]);
    expect(columnSettingsKey('menu1')).toMatch(/^scp_/);
    const cols = makeModel([makeField('input', 'a'), makeField('input', 'b'), makeField('input', 'c')]).list.columns;
    const applied = applyColumnSettings(cols, loadColumnSettings('menu1', storage));
    expect(applied.map((c) => [c.column.prop, c.visible])).toEqual([['b', false], ['a', true], ['c', true]]);
  });

  it('groups rows by the group field (list type 3)', () => {
    expect(groupRows([{ id: 1, g: 'x' }, { id: 2, g: 'y' }, { id: 3, g: 'x' }], 'g').map(([k, r]) => [k, r.length])).toEqual([['x', 2], ['y', 1]]);
  });

  it('chart series read x labels and numeric y values (non-numbers count 0)', () => {
    expect(chartSeries({ type: 'bar', x: 'm', y: ['a', 'b'] }, [{ m: 'Jan', a: 1, b: 'x' }])).toEqual({ labels: ['Jan'], series: [{ name: 'a', values: [1] }, { name: 'b', values: [0] }] });
    // one row per month and category: one point per month, summed
    expect(chartSeries({ type: 'bar', x: 'm', y: ['a'] }, [{ m: 'Jan', a: 1 }, { m: 'Jan', a: 2 }, { m: 'Feb', a: 5 }])).toEqual({ labels: ['Jan', 'Feb'], series: [{ name: 'a', values: [3, 5] }] });
  });
});

describe('number formats', () => {
  it('amount in Chinese capitals with jiao and fen', () => {
    expect(toChineseAmount(1234567.89)).toEqual({ ok: true, text: '壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分' });
    expect(toChineseAmount(100010000)).toEqual({ ok: true, text: '壹亿零壹万元整' });
    expect(toChineseAmount(1001.01)).toEqual({ ok: true, text: '壹仟零壹元零壹分' });
    expect(toChineseAmount(0)).toEqual({ ok: true, text: '零元整' });
    expect(toChineseAmount(0.05)).toEqual({ ok: true, text: '伍分' });
    expect(toChineseAmount(-3)).toEqual({ ok: true, text: '负叁元整' });
    expect(toChineseAmount('abc')).toEqual({ ok: false, reason: 'invalid' });
    expect(toChineseAmount(1e12)).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('thousands separators and precision', () => {
    expect(formatNumber(1234567.891, { precision: 2, thousands: true })).toBe('1,234,567.89');
    expect(formatNumber(-1234, { thousands: true })).toBe('-1,234');
    expect(formatNumber('x')).toBe('');
  });
});
