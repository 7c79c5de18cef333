/**
 * Field kinds, declared once. Canonical names are the version-5 designer's keys; the
 * version-3 names found in real exports map onto them through KIND_ALIASES. Every other
 * table keyed by kind (compile steps, renderers) is typed as a map over FieldKind, so a
 * kind without an entry is a compile error.
 */
export const FIELD_KINDS = {
  // input kinds
  input: { group: 'input', stores: true },
  textarea: { group: 'input', stores: true },
  inputNumber: { group: 'input', stores: true },
  switch: { group: 'input', stores: true },
  radio: { group: 'input', stores: true },
  checkbox: { group: 'input', stores: true },
  select: { group: 'input', stores: true },
  cascader: { group: 'input', stores: true },
  treeSelect: { group: 'input', stores: true },
  datePicker: { group: 'input', stores: true },
  timePicker: { group: 'input', stores: true },
  dateRange: { group: 'input', stores: true },
  timeRange: { group: 'input', stores: true },
  colorPicker: { group: 'input', stores: true },
  rate: { group: 'input', stores: true },
  slider: { group: 'input', stores: true },
  editor: { group: 'input', stores: true },
  // display-only kinds (no value in the record)
  link: { group: 'display', stores: false },
  button: { group: 'display', stores: false },
  text: { group: 'display', stores: false },
  alert: { group: 'display', stores: false },
  divider: { group: 'display', stores: false },
  groupTitle: { group: 'display', stores: false },
  iframe: { group: 'display', stores: false },
  // pickers, uploads and the rest (their renderers arrive with the widget issues)
  uploadFile: { group: 'widget', stores: true },
  uploadImg: { group: 'widget', stores: true },
  organizeSelect: { group: 'widget', stores: true },
  depSelect: { group: 'widget', stores: true },
  posSelect: { group: 'widget', stores: true },
  userSelect: { group: 'widget', stores: true },
  usersSelect: { group: 'widget', stores: true },
  roleSelect: { group: 'widget', stores: true },
  groupSelect: { group: 'widget', stores: true },
  areaSelect: { group: 'widget', stores: true },
  popupSelect: { group: 'widget', stores: true },
  popupTableSelect: { group: 'widget', stores: true },
  autoComplete: { group: 'widget', stores: true },
  relationForm: { group: 'widget', stores: true },
  relationFormAttr: { group: 'widget', stores: false },
  popupAttr: { group: 'widget', stores: false },
  billRule: { group: 'widget', stores: true },
  calculate: { group: 'widget', stores: true },
  qrcode: { group: 'widget', stores: false },
  barcode: { group: 'widget', stores: false },
  signature: { group: 'widget', stores: true },
  sign: { group: 'widget', stores: true },
  location: { group: 'widget', stores: true },
  /** Inline sub-table: its value is an array of rows. */
  table: { group: 'widget', stores: true },
  // system fields: filled by the server, read-only in the form
  createUser: { group: 'system', stores: true },
  createTime: { group: 'system', stores: true },
  modifyUser: { group: 'system', stores: true },
  modifyTime: { group: 'system', stores: true },
  currOrganize: { group: 'system', stores: true },
  currDept: { group: 'system', stores: true },
  currPosition: { group: 'system', stores: true },
} as const satisfies Record<string, { group: 'input' | 'display' | 'widget' | 'system'; stores: boolean }>;

export type FieldKind = keyof typeof FIELD_KINDS;

/** Layout containers: they hold fields, have no value of their own. */
export const CONTAINER_KINDS = ['row', 'card', 'tab', 'collapse', 'tableGrid'] as const;
export type ContainerKind = (typeof CONTAINER_KINDS)[number];

/** Older (version 3.x) component keys and the canonical kind they mean. */
export const KIND_ALIASES: Readonly<Record<string, FieldKind>> = {
  comInput: 'input',
  numInput: 'inputNumber',
  date: 'datePicker',
  time: 'timePicker',
  dateRange: 'dateRange',
  timeRange: 'timeRange',
  uploadFz: 'uploadFile',
  comSelect: 'organizeSelect',
  address: 'areaSelect',
  JNPFText: 'text',
};

export function isFieldKind(key: string): key is FieldKind {
  return Object.prototype.hasOwnProperty.call(FIELD_KINDS, key);
}

export function isContainerKind(key: string): key is ContainerKind {
  return (CONTAINER_KINDS as readonly string[]).includes(key);
}

/** The canonical kind of a component key from any generation, or null when unknown. */
export function canonicalKind(key: string): FieldKind | null {
  if (isFieldKind(key)) return key;
  return KIND_ALIASES[key] ?? null;
}
