import type { FieldKind } from '../model/kinds';

/**
 * One compile step per field kind, in ONE table typed as a map over FieldKind: a kind
 * without an entry is a compile error. Each step says what the kind stores (the JSON
 * Schema of its value), its default value (per the designer's key files, v5 first) and
 * whether it has an option source. Every stored value may also be null (an empty field);
 * `required` is what forbids emptiness.
 */
export interface KindStep {
  /** JSON Schema of the stored value, given the field's normalised props; null = stores nothing. */
  value(props: Record<string, unknown>): JsonSchema | null;
  /** Default value when the descriptor gives none (undefined in the key files becomes null). */
  defaultValue(props: Record<string, unknown>): unknown;
  /** Options come from static options, a dictionary or a data interface. */
  hasOptions: boolean;
  /** Text the list's keyword box may search. */
  text?: boolean;
}

export type JsonSchema = Record<string, unknown>;

const nullable = (type: string | string[]): JsonSchema => ({ type: [...(Array.isArray(type) ? type : [type]), 'null'] });
const string = (): JsonSchema => nullable('string');
const number = (): JsonSchema => nullable('number');
const scalar = (): JsonSchema => nullable(['string', 'number']);
const array = (items?: JsonSchema): JsonSchema => ({ ...nullable('array'), ...(items ? { items } : {}) });
const isMultiple = (props: Record<string, unknown>) => props.multiple === true;
/** A picker's value: one id, or a list of ids when multiple. */
const pick = (props: Record<string, unknown>): JsonSchema => (isMultiple(props) ? array() : scalar());
const fileList = (): JsonSchema => array({ type: 'object' });

const display: KindStep = { value: () => null, defaultValue: () => null, hasOptions: false };
const system: KindStep = { value: () => ({ type: ['string', 'number', 'array', 'null'] }), defaultValue: () => '', hasOptions: false };

export const KIND_STEPS: { [K in FieldKind]: KindStep } = {
  input: { value: string, defaultValue: () => null, hasOptions: false, text: true },
  textarea: { value: string, defaultValue: () => null, hasOptions: false, text: true },
  inputNumber: { value: number, defaultValue: () => null, hasOptions: false },
  switch: {
    // v5 stores activeValue / inactiveValue (1 / 0); v3 exports may still hold booleans.
    value: (p) => ({ enum: [p.activeValue ?? 1, p.inactiveValue ?? 0, true, false, null] }),
    defaultValue: (p) => p.inactiveValue ?? 0,
    hasOptions: false,
  },
  radio: { value: scalar, defaultValue: () => null, hasOptions: true },
  checkbox: { value: () => array(), defaultValue: () => [], hasOptions: true },
  select: { value: pick, defaultValue: (p) => (isMultiple(p) ? [] : ''), hasOptions: true },
  cascader: { value: () => array(), defaultValue: () => [], hasOptions: true },
  treeSelect: { value: pick, defaultValue: (p) => (isMultiple(p) ? [] : null), hasOptions: true },
  // dates are stored as epoch milliseconds (value-format timestamp); formatted text is accepted too
  datePicker: { value: scalar, defaultValue: () => null, hasOptions: false },
  timePicker: { value: string, defaultValue: () => null, hasOptions: false },
  dateRange: { value: () => array(), defaultValue: () => [], hasOptions: false },
  timeRange: { value: () => array(), defaultValue: () => [], hasOptions: false },
  colorPicker: { value: string, defaultValue: () => null, hasOptions: false },
  rate: { value: number, defaultValue: () => 0, hasOptions: false },
  slider: { value: (p) => (p.range === true ? array({ type: 'number' }) : number()), defaultValue: (p) => (p.range === true ? [] : 0), hasOptions: false },
  editor: { value: string, defaultValue: () => null, hasOptions: false, text: true },
  link: display,
  button: display,
  text: display,
  alert: display,
  divider: display,
  groupTitle: display,
  iframe: display,
  uploadFile: { value: fileList, defaultValue: () => [], hasOptions: false },
  uploadImg: { value: fileList, defaultValue: () => [], hasOptions: false },
  organizeSelect: { value: () => array(), defaultValue: () => [], hasOptions: false },
  depSelect: { value: pick, defaultValue: () => null, hasOptions: false },
  posSelect: { value: pick, defaultValue: () => null, hasOptions: false },
  userSelect: { value: pick, defaultValue: () => null, hasOptions: false },
  usersSelect: { value: pick, defaultValue: () => null, hasOptions: false },
  roleSelect: { value: pick, defaultValue: () => null, hasOptions: false },
  groupSelect: { value: pick, defaultValue: () => '', hasOptions: false },
  areaSelect: { value: () => array(), defaultValue: () => [], hasOptions: false },
  popupSelect: { value: pick, defaultValue: () => '', hasOptions: false },
  popupTableSelect: { value: pick, defaultValue: () => '', hasOptions: false },
  autoComplete: { value: string, defaultValue: () => '', hasOptions: false, text: true },
  relationForm: { value: scalar, defaultValue: () => '', hasOptions: false },
  relationFormAttr: display,
  popupAttr: display,
  billRule: { value: string, defaultValue: () => null, hasOptions: false, text: true },
  calculate: { value: number, defaultValue: () => null, hasOptions: false },
  qrcode: display,
  barcode: display,
  signature: { value: string, defaultValue: () => '', hasOptions: false },
  sign: { value: string, defaultValue: () => '', hasOptions: false },
  location: { value: () => nullable(['string', 'object']), defaultValue: () => '', hasOptions: false },
  // rows: the compiler replaces items with an object schema built from the columns
  table: { value: () => array({ type: 'object' }), defaultValue: () => [], hasOptions: false },
  createUser: system,
  createTime: system,
  modifyUser: system,
  modifyTime: system,
  currOrganize: system,
  currDept: system,
  currPosition: system,
};
