import type { KindDefinition } from './shared/define';
import { input } from './input';
import { textarea } from './textarea';
import { inputNumber } from './inputNumber';
import { switchKind } from './switch';
import { radio } from './radio';
import { checkbox } from './checkbox';
import { select } from './select';
import { cascader } from './cascader';
import { treeSelect } from './treeSelect';
import { datePicker } from './datePicker';
import { timePicker } from './timePicker';
import { dateRange } from './dateRange';
import { timeRange } from './timeRange';
import { colorPicker } from './colorPicker';
import { jsonRows } from './jsonRows';
import { rate } from './rate';
import { slider } from './slider';
import { editor } from './editor';
import { link } from './link';
import { button } from './button';
import { text } from './text';
import { alert } from './alert';
import { divider } from './divider';
import { groupTitle } from './groupTitle';
import { iframe } from './iframe';
import { uploadFile } from './uploadFile';
import { uploadImg } from './uploadImg';
import { organizeSelect } from './organizeSelect';
import { depSelect } from './depSelect';
import { posSelect } from './posSelect';
import { userSelect } from './userSelect';
import { usersSelect } from './usersSelect';
import { roleSelect } from './roleSelect';
import { groupSelect } from './groupSelect';
import { areaSelect } from './areaSelect';
import { popupSelect } from './popupSelect';
import { popupTableSelect } from './popupTableSelect';
import { autoComplete } from './autoComplete';
import { relationForm } from './relationForm';
import { relationFormAttr } from './relationFormAttr';
import { popupAttr } from './popupAttr';
import { billRule } from './billRule';
import { calculate } from './calculate';
import { qrcode } from './qrcode';
import { barcode } from './barcode';
import { signature } from './signature';
import { sign } from './sign';
import { location } from './location';
import { table } from './table';
import { dicSelect } from './dicSelect';
import { createUser } from './createUser';
import { createTime } from './createTime';
import { modifyUser } from './modifyUser';
import { modifyTime } from './modifyTime';
import { currOrganize } from './currOrganize';
import { currDept } from './currDept';
import { currPosition } from './currPosition';

/**
 * Every field kind, declared once: the kind's name (the version-5 designer key) maps to its one
 * definition. FieldKind is derived from this map, and every other table keyed by kind (the
 * renderer registry) is typed as a map over it, so a kind without a definition or a renderer
 * does not compile. Adding a kind = one file here + one renderer + one line in each map.
 */
export const KINDS = {
  input,
  textarea,
  inputNumber,
  switch: switchKind,
  radio,
  checkbox,
  select,
  cascader,
  treeSelect,
  datePicker,
  timePicker,
  dateRange,
  timeRange,
  colorPicker,
  rate,
  slider,
  editor,
  link,
  button,
  text,
  alert,
  divider,
  groupTitle,
  iframe,
  uploadFile,
  uploadImg,
  organizeSelect,
  depSelect,
  posSelect,
  userSelect,
  usersSelect,
  roleSelect,
  groupSelect,
  areaSelect,
  popupSelect,
  popupTableSelect,
  autoComplete,
  relationForm,
  relationFormAttr,
  popupAttr,
  billRule,
  calculate,
  qrcode,
  barcode,
  signature,
  sign,
  location,
  table,
  jsonRows,
  dicSelect,
  createUser,
  createTime,
  modifyUser,
  modifyTime,
  currOrganize,
  currDept,
  currPosition,
} as const satisfies Record<string, KindDefinition>;

export type FieldKind = keyof typeof KINDS;

/** The definition of a kind. */
export function kindOf(kind: FieldKind): KindDefinition {
  return KINDS[kind];
}

export const ALL_KINDS = Object.keys(KINDS) as FieldKind[];

export function isFieldKind(key: string): key is FieldKind {
  return Object.prototype.hasOwnProperty.call(KINDS, key);
}

/** Older component keys and the kind they mean, from the definitions' aliases. */
export const KIND_ALIASES: Readonly<Record<string, FieldKind>> = Object.fromEntries(
  ALL_KINDS.flatMap((kind) => KINDS[kind].aliases.map((alias) => [alias, kind] as const)),
);

/** The canonical kind of a component key from any generation, or null when unknown. */
export function canonicalKind(key: string): FieldKind | null {
  if (isFieldKind(key)) return key;
  return KIND_ALIASES[key] ?? null;
}

/** Layout containers: they hold fields, have no value of their own. */
export const CONTAINER_KINDS = ['row', 'card', 'tab', 'collapse', 'tableGrid'] as const;
export type ContainerKind = (typeof CONTAINER_KINDS)[number];

export function isContainerKind(key: string): key is ContainerKind {
  return (CONTAINER_KINDS as readonly string[]).includes(key);
}

export type { FillContext, FormatContext, JsonSchema, KindDefinition, KindGroup, KindSearch, RefKind, RefNames } from './shared/define';
export { dayjsFormat, listOf, optionLabel, plainText, toDayjs } from './shared/format';
export { optionValues, rowsToOptions } from './shared/options';
