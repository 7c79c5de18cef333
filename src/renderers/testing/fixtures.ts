import type { CompiledField, CompiledModel, LayoutNode, OptionSource } from '../../runtime/model/compiled';
import { buildRecordSchema } from '../../runtime/compile/record-schema';
import { ALL_KINDS, kindOf, type FieldKind } from '../../runtime/kinds';

/**
 * Hand-written compiled models for tests and the bench (the shape the compiler produces),
 * so renderers can be tested without compiling a descriptor.
 */
const STATIC: OptionSource = {
  from: 'static',
  options: [
    { label: '选项一', value: '1' },
    { label: '选项二', value: '2', children: [{ label: '子项', value: '21' }] },
  ],
  labelKey: 'label',
  valueKey: 'value',
  childrenKey: 'children',
};

/** Kind-specific props a real descriptor would carry. */
const PROPS: Partial<Record<FieldKind, Record<string, unknown>>> = {
  inputNumber: { min: 0, max: 1e9, precision: 2, thousands: true, isAmountChinese: true },
  link: { content: '帮助', href: 'https://example.com/help', target: '_self' },
  button: { buttonText: '按钮', type: 'primary' },
  text: { content: '这是一段文字' },
  alert: { title: '提示', type: 'info' },
  divider: { content: '分割线' },
  groupTitle: { content: '分组' },
  iframe: { href: 'https://example.com', height: 100 },
  switch: { activeValue: 1, inactiveValue: 0 },
  slider: { min: 0, max: 100, step: 1 },
  rate: { count: 5 },
  datePicker: { format: 'yyyy-MM-dd' },
  timePicker: { format: 'HH:mm:ss' },
};

/** A sample stored value per kind, for rendering views and cells. */
export const SAMPLE_VALUES: Partial<Record<FieldKind, unknown>> = {
  input: 'abc',
  textarea: 'line 1\nline 2',
  inputNumber: 1234.5,
  switch: 1,
  radio: '1',
  checkbox: ['1', '2'],
  select: '2',
  cascader: ['2', '21'],
  treeSelect: '21',
  datePicker: 1700000000000,
  timePicker: '08:30:00',
  dateRange: [1700000000000, 1700086400000],
  timeRange: ['08:00:00', '17:00:00'],
  colorPicker: '#ff0000',
  jsonRows: [{ field: 'a' }],
  rate: 3,
  slider: 40,
  editor: '<p>hello <b>world</b><script>alert(1)</script></p>',
  createUser: 'u-admin',
  createTime: 1700000000000,
  uploadFile: [{ name: 'a.pdf', fileId: 'f1' }],
  uploadImg: [{ name: 'a.png', fileId: 'i1', url: '/a.png' }],
  organizeSelect: ['o1', 'o2'],
  areaSelect: ['110000', '110100'],
  calculate: 3.5,
  // a 1×1 PNG: signatures store the image itself
  sign: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  signature: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  location: { fullAddress: '上海市黄浦区', lng: 121.47, lat: 31.23 },
  table: [{ a: 1 }],
};

export function makeField(kind: FieldKind, key: string, extra: Partial<CompiledField> = {}): CompiledField {
  const meta = kindOf(kind);
  return {
    key,
    kind,
    sourceKey: kind,
    label: `${kind} 字段`,
    showLabel: meta.stores,
    stores: meta.stores,
    system: meta.group === 'system',
    required: false,
    rules: [],
    visiblePc: true,
    noShow: false,
    disabled: false,
    readonly: false,
    defaultValue: null,
    options: meta.options ? STATIC : null,
    props: { ...(PROPS[kind] ?? {}) },
    permissionCode: key,
    placeholder: null,
    span: 24,
    ...extra,
  };
}

export function makeModel(fields: CompiledField[], extra: Partial<CompiledModel> = {}, layout?: LayoutNode[]): CompiledModel {
  const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
  const storing = fields.filter((f) => f.stores && !f.system);
  return {
    id: 'm1',
    fullName: '测试模型',
    enCode: 'test',
    form: {
      fields: byKey,
      layout: layout ?? fields.map((f) => ({ node: 'field' as const, key: f.key, span: f.span })),
      defaults: Object.fromEntries(storing.map((f) => [f.key, f.defaultValue ?? null])),
      labelWidth: 100,
      labelPosition: 'right',
      size: null,
      gutter: 16,
      popupType: 'general',
      popupWidth: '800px',
      confirmButtonText: null,
      cancelButtonText: null,
    },
    list: {
      type: 1,
      columns: storing.map((f) => ({ prop: f.key, label: f.label, kind: f.kind, align: 'left' as const, width: null, fixed: null, sortable: true, permissionCode: f.key })),
      searchFields: [],
      keywordFields: [],
      buttons: [
        { value: 'add', label: '新增', icon: null, permissionCode: 'btn_add' },
        { value: 'download', label: '导出', icon: null, permissionCode: 'btn_download' },
        { value: 'batchRemove', label: '批量删除', icon: null, permissionCode: 'btn_batchRemove' },
      ],
      rowButtons: [
        { value: 'edit', label: '编辑', icon: null, permissionCode: 'btn_edit' },
        { value: 'remove', label: '删除', icon: null, permissionCode: 'btn_remove' },
        { value: 'detail', label: '详情', icon: null, permissionCode: 'btn_detail' },
      ],
      hasPage: true,
      pageSize: 20,
      defaultSort: { field: null, order: 'desc' },
      groupField: null,
      tree: null,
    },
    detail: { popupType: 'general', generalWidth: '600px', fullScreenWidth: '100%', drawerWidth: '600px', hasPrintBtn: true, printId: ['p1'], printButtonText: '打 印' },
    recordSchema: buildRecordSchema(byKey),
    permissionCodes: { button: [], column: [], form: [] },
    usePermission: { button: false, column: false, form: false, data: false },
    ...extra,
  };
}

/** One field of every kind, keyed `<kind>_f`. */
export function allKindsModel(): CompiledModel {
  return makeModel(ALL_KINDS.map((kind) => makeField(kind, `${kind}_f`)));
}

/** A large form of single-line, number and select fields, for the keystroke test and the bench. */
export function largeModel(count: number, kinds: FieldKind[] = ['input', 'input', 'inputNumber', 'textarea', 'select']): CompiledModel {
  const fields = Array.from({ length: count }, (_, i) => makeField(kinds[i % kinds.length]!, `f${i}`, { label: `字段 ${i}`, required: i % 10 === 0, span: 12 }));
  return makeModel(fields);
}
