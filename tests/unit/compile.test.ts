import { describe, expect, it } from 'vitest';
import { compileModel, parseRegex } from '../../src/runtime/compile';
import type { LayoutNode } from '../../src/runtime/model/compiled';
import { ALL_KINDS, canonicalKind, kindOf, type FieldKind, KIND_ALIASES } from '../../src/runtime/kinds';

const model = (fields: unknown[], columnData: unknown = {}) =>
  compileModel({ id: 'm', fullName: 'M', enCode: 'm', formData: { fields }, columnData }, { file: 'test.json' });
const f = (jnpfKey: string, vModel: string | undefined, config: Record<string, unknown> = {}, props: Record<string, unknown> = {}) => ({
  __config__: { jnpfKey, label: vModel ?? jnpfKey, ...config },
  ...(vModel ? { __vModel__: vModel } : {}),
  ...props,
});
const errors = (r: ReturnType<typeof model>) => r.problems.filter((p) => p.severity === 'error');

describe('every field kind', () => {
  for (const kind of ALL_KINDS) {
    it(`${kind} compiles`, () => {
      const r = model([f(kind, `k_${kind}`)]);
      expect(errors(r)).toEqual([]);
      const field = r.model!.form.fields[`k_${kind}`]!;
      expect(field.kind).toBe(kind);
      expect(field.stores).toBe(kindOf(kind).stores);
      expect(field.system).toBe(kindOf(kind).group === 'system');
      const props = (r.model!.recordSchema.properties as Record<string, unknown>) ?? {};
      expect(`k_${kind}` in props).toBe(kindOf(kind).stores);
      if (kindOf(kind).stores && kindOf(kind).group !== 'system') expect(r.model!.form.defaults).toHaveProperty(`k_${kind}`);
      else expect(r.model!.form.defaults).not.toHaveProperty(`k_${kind}`);
    });
  }
});

describe('aliases', () => {
  it('both generations of keys compile to the same kind', () => {
    const expected: Record<string, FieldKind> = { comInput: 'input', numInput: 'inputNumber', date: 'datePicker', time: 'timePicker', uploadFz: 'uploadFile', comSelect: 'organizeSelect', address: 'areaSelect', JNPFText: 'text' };
    for (const [old, now] of Object.entries(expected)) {
      expect(KIND_ALIASES[old]).toBe(now);
      expect(canonicalKind(old)).toBe(now);
      const field = Object.values(model([f(old, 'x')]).model!.form.fields)[0]!;
      expect(field.kind).toBe(now);
      expect(field.sourceKey).toBe(old);
    }
  });
});

describe('unknown and broken', () => {
  it('an unknown component key becomes an unknown node with a warning, never an error', () => {
    const r = model([f('qrCodeScanner', 'dic'), f('input', 'a')], { columnList: [{ prop: 'dic', label: 'D' }] });
    expect(errors(r)).toEqual([]);
    expect(r.model!.form.layout[0]).toMatchObject({ node: 'unknown', sourceKey: 'qrCodeScanner' });
    expect(r.problems).toContainEqual(expect.objectContaining({ severity: 'warning', path: 'formData.fields[0].__config__.jnpfKey', file: 'test.json', code: 'compile.unknownKind' }));
  });

  it('broken references name the file and the JSON path', () => {
    const r = model([f('input', 'a'), f('input', 'b')], {
      columnList: [{ prop: 'a' }, { prop: 'b' }, { prop: 'a' }, { prop: 'gone' }],
      searchList: [{ prop: 'nope', jnpfKey: 'input' }],
      sortList: [{ prop: 'zz' }],
      defaultSidx: 'missing',
    });
    const paths = errors(r).map((p) => `${p.file}:${p.path}`);
    expect(paths).toEqual(expect.arrayContaining([
      'test.json:columnData.columnList[3].prop',
      'test.json:columnData.searchList[0].prop',
      'test.json:columnData.sortList[0].prop',
      'test.json:columnData.defaultSidx',
    ]));
    expect(r.model!.list.columns.map((c) => c.prop)).toEqual(['a', 'b', 'a']);
    expect(r.model!.list.defaultSort.field).toBeNull();
  });

  it('unknown top-level keys are problems (errors when strict)', () => {
    const d = { id: 'm', fullName: 'M', enCode: 'm', formData: { fields: [] }, formdata: {} };
    expect(compileModel(d, { file: 'x' }).problems).toContainEqual(expect.objectContaining({ path: 'formdata', severity: 'warning' }));
    expect(compileModel(d, { file: 'x', strict: true }).problems).toContainEqual(expect.objectContaining({ path: 'formdata', severity: 'error' }));
  });

  it('never throws on garbage', () => {
    expect(compileModel(null, { file: 'x' }).model).toBeNull();
    expect(compileModel({ id: 'm', fullName: 'M', enCode: 'm', formData: '{bad' }, { file: 'x' }).problems[0]!.path).toBe('formData');
    const r = model([null, 3, { __config__: {} }, f('row', undefined, { children: 'no' })]);
    expect(r.model!.form.layout.map((n) => n.node)).toEqual(['unknown', 'unknown', 'unknown', 'container']);
  });

  it('formData and columnData as JSON text (visualdev rows)', () => {
    const r = compileModel({ id: 'm', fullName: 'M', enCode: 'm', formData: JSON.stringify({ fields: [f('input', 'a')] }), columnData: JSON.stringify({ columnList: [{ prop: 'a' }] }) }, { file: 'x' });
    expect(r.problems).toEqual([]);
    expect(r.model!.list.columns[0]!.prop).toBe('a');
  });
});

describe('field rules', () => {
  it('visibility: absent or including pc', () => {
    const r = model([f('input', 'a'), f('input', 'b', { visibility: ['pc', 'app'] }), f('input', 'c', { visibility: ['app'] }), f('input', 'd', { visibility: [] })]);
    const v = (k: string) => r.model!.form.fields[k]!.visiblePc;
    expect([v('a'), v('b'), v('c'), v('d')]).toEqual([true, true, false, false]);
  });

  it('noShow is kept and takes the field out of the required list', () => {
    const r = model([f('input', 'a', { noShow: true, required: true }), f('input', 'b', { required: true })]);
    expect(r.model!.form.fields.a!.noShow).toBe(true);
    expect(r.model!.recordSchema.required).toEqual(['b']);
  });

  it('system fields are marked, read-only, without defaults or required', () => {
    const r = model([f('createUser', 'cu', { required: true }), f('currDept', 'cd')]);
    expect(r.model!.form.fields.cu).toMatchObject({ system: true, readonly: true, required: false });
    expect(r.model!.form.defaults).toEqual({});
    expect(r.model!.recordSchema.required).toBeUndefined();
  });

  it('permission codes: field vModel, sub-table table-column, buttons btn_ with defaults', () => {
    const table = f('table', 'items', { children: [f('comInput', 'qty'), f('select', 'unit')] });
    const r = model([f('input', 'a'), table], { columnList: [{ prop: 'a' }, { prop: 'items-qty' }] });
    expect(r.model!.permissionCodes.form).toEqual(['a', 'items', 'items-qty', 'items-unit']);
    expect(r.model!.permissionCodes.column).toEqual(['a', 'items-qty']);
    expect(r.model!.permissionCodes.button).toEqual(['btn_add', 'btn_edit', 'btn_remove']);
    const custom = model([f('input', 'a')], { btnsList: [{ value: 'add' }, { value: 'download', label: '导出' }], columnBtnsList: [{ value: 'detail' }], useBtnPermission: true });
    expect(custom.model!.permissionCodes.button).toEqual(['btn_add', 'btn_download', 'btn_detail']);
    expect(custom.model!.usePermission).toEqual({ button: true, column: false, form: false, data: false });
  });

  it('regList: JS literals with flags, bare sources, shared names, invalid ones reported', () => {
    expect(parseRegex('/^1[3456789]\\d{9}$/')).toEqual({ ok: true, pattern: '^1[3456789]\\d{9}$', flags: '' });
    expect(parseRegex('/^abc$/gi')).toEqual({ ok: true, pattern: '^abc$', flags: 'i' });
    expect(parseRegex('^\\d+$')).toEqual({ ok: true, pattern: '^\\d+$', flags: '' });
    expect(parseRegex('/[a-/').ok).toBe(false);
    const r = model([f('input', 'a', { regList: [
      { pattern: '/^A/i', message: '以A开头' },
      { pattern: '@mobile' },
      { pattern: '/(/', message: 'x' },
      { pattern: '@nope' },
    ] })]);
    const rules = r.model!.form.fields.a!.rules;
    expect(rules[0]).toEqual({ pattern: '^A', flags: 'i', message: '以A开头' });
    expect(rules[1]).toMatchObject({ shared: 'mobile', message: '请正确输入您的手机号', messageKey: 'validation.mobile' });
    expect(errors(r).map((p) => p.path)).toEqual(['formData.fields[0].__config__.regList[2].pattern', 'formData.fields[0].__config__.regList[3].pattern']);
  });

  it('options: static (props mapping, v3 slot, config), dictionary, data interface', () => {
    const r = model([
      f('select', 's1', {}, { options: [{ fullName: 'A', id: '1' }], props: { label: 'fullName', value: 'id' } }),
      f('radio', 's2', { props: { label: 'name', value: 'code' } }, { __slot__: { options: [{ name: 'B', code: 'b' }] } }),
      f('treeSelect', 's3', {}, { props: { props: { label: 'n', value: 'v', children: 'c' } }, options: [{ n: 'X', v: 1, c: [{ n: 'Y', v: 2 }] }] }),
      f('checkbox', 's4', { dataType: 'dictionary', dictionaryType: 'goodsCategory' }),
      f('cascader', 's5', { dataType: 'dynamic', propsUrl: 'if1', templateJson: [{ field: 'a' }] }),
      f('select', 's6', { dataType: 'dictionary' }),
    ]);
    const o = (k: string) => r.model!.form.fields[k]!.options;
    expect(o('s1')).toMatchObject({ from: 'static', options: [{ label: 'A', value: '1' }] });
    expect(o('s2')).toMatchObject({ from: 'static', options: [{ label: 'B', value: 'b' }] });
    expect(o('s3')).toMatchObject({ from: 'static', options: [{ label: 'X', value: 1, children: [{ label: 'Y', value: 2 }] }] });
    expect(o('s4')).toMatchObject({ from: 'dictionary', dictionaryType: 'goodsCategory' });
    expect(o('s5')).toMatchObject({ from: 'dataInterface', interfaceId: 'if1', templateJson: [{ field: 'a' }] });
    expect(r.problems).toContainEqual(expect.objectContaining({ severity: 'warning', path: 'formData.fields[5].__config__.dictionaryType' }));
  });

  it('props: kebab-case becomes camelCase; switch stores 1/0', () => {
    const r = model([f('comInput', 'a', {}, { 'show-word-limit': true, 'prefix-icon': 'x', __slot__: { prepend: 'http://' } }), f('switch', 'b', { defaultValue: false }), f('switch', 'c'), f('rate', 'd', {}, { max: 5 })]);
    expect(r.model!.form.fields.a!.props).toMatchObject({ showWordLimit: true, prefixIcon: 'x', addonBefore: 'http://' });
    expect(r.model!.form.defaults).toMatchObject({ b: 0, c: 0, d: 0 });
    expect(r.model!.form.fields.d!.props.count).toBe(5);
  });

  it('layout: rows, cards, tab and collapse panes with title and name', () => {
    const r = model([
      f('row', undefined, { formId: 1, children: [f('input', 'a', { span: 12 })] }),
      { __config__: { jnpfKey: 'tab', formId: 2, children: [{ title: 'T1', __config__: { children: [f('input', 'b')] } }, { title: 'T2', __config__: { children: [] } }] } },
      { __config__: { jnpfKey: 'collapse', formId: 3, children: [{ title: 'P', name: 'p1', __config__: { children: [f('card', undefined, { children: [f('input', 'c')] }, { header: 'H' })] } }] } },
    ]);
    const [row, tab, collapse] = r.model!.form.layout as LayoutNode[];
    expect(row).toMatchObject({ node: 'container', kind: 'row', children: [{ node: 'field', key: 'a', span: 12 }] });
    expect(tab).toMatchObject({ node: 'panes', kind: 'tab', panes: [{ title: 'T1', name: '1', children: [{ key: 'b' }] }, { title: 'T2', name: '2', children: [] }] });
    expect(collapse).toMatchObject({ node: 'panes', kind: 'collapse', panes: [{ title: 'P', name: 'p1', children: [{ node: 'container', kind: 'card', title: 'H', children: [{ key: 'c' }] }] }] });
  });

  it('record schema: types, required, enum, maxLength, min/max, patterns with messages, sub-table rows', () => {
    const r = model([
      f('input', 'code', { required: true, regList: [{ pattern: '@code', message: '编码不对' }] }, { maxlength: 10 }),
      f('inputNumber', 'qty', {}, { min: 1, max: 99 }),
      f('radio', 'kind', {}, { options: [{ fullName: 'A', id: 'a' }] }),
      f('table', 'rows', { children: [f('input', 'sku', { required: true })] }),
    ]);
    const props = r.model!.recordSchema.properties as Record<string, Record<string, unknown>>;
    expect(r.model!.recordSchema.required).toEqual(['code']);
    expect(props.code).toMatchObject({ type: ['string', 'null'], maxLength: 10, 'x-required': true, allOf: [{ 'x-pattern': { shared: 'code' }, 'x-message': '编码不对' }] });
    expect(props.qty).toMatchObject({ type: ['number', 'null'], minimum: 1, maximum: 99 });
    expect(props.kind!.enum).toEqual(['a', '', null]);
    expect(props.rows!.items).toMatchObject({ type: 'object', required: ['sku'] });
  });

  it('duplicate __vModel__ is an error', () => {
    expect(errors(model([f('input', 'a'), f('input', 'a')])).map((p) => p.code)).toEqual(['compile.duplicateVModel']);
  });
});
