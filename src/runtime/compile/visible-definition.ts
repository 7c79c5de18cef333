import { canonicalKind } from '../kinds';
import { isRecord } from './context';

/** Permission codes a user is not granted on one model, by area. */
export interface HiddenCodes {
  /** Storing fields (their __vModel__). */
  form: ReadonlySet<string>;
  /** List columns, search fields and sort fields (their prop). */
  column: ReadonlySet<string>;
  /** Buttons (btn_<value>). */
  button: ReadonlySet<string>;
}

/**
 * A model definition as one user may see it: the form fields, list items and buttons whose
 * permission codes are hidden from them are removed from formData and columnData, so a page
 * compiled from it (in the browser, or by the product's own client) carries nothing the user
 * may not see. A field hidden from the form but shown as a list column stays in the definition
 * as `noShow` (out of the form, not required), so its column is still formatted by its kind.
 * Pure; returns new objects.
 */
export function visibleDefinition(formData: Record<string, unknown>, columnData: Record<string, unknown> | null, hidden: HiddenCodes) {
  const columns = columnData ? withoutListItems(columnData, hidden) : null;
  const shownColumns = new Set((Array.isArray(columns?.columnList) ? columns.columnList : []).filter(isRecord).map(propOf).filter((p): p is string => !!p));
  return { formData: withoutFields(formData, hidden.form, shownColumns), columnData: columns };
}

/** Walks every array of field configs (form fields, container children, panes, grid cells) and drops or hides hidden storing fields. */
function withoutFields(formData: Record<string, unknown>, hiddenFields: ReadonlySet<string>, shownColumns: ReadonlySet<string>): Record<string, unknown> {
  if (!hiddenFields.size) return formData;
  const walk = (value: unknown, inTable: boolean): unknown => {
    if (Array.isArray(value)) return value.filter((item) => inTable || !(hiddenKey(item, hiddenFields) && !shownColumns.has(hiddenKey(item, hiddenFields)!))).map((item) => walk(item, inTable));
    if (!isRecord(value)) return value;
    const config = isRecord(value.__config__) ? value.__config__ : null;
    const isTable = config !== null && typeof config.jnpfKey === 'string' && canonicalKind(config.jnpfKey) === 'table';
    const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '__config__' || k === 'fields' || k === 'children' ? walk(v, inTable || isTable) : v]));
    if (!inTable && hiddenKey(value, hiddenFields) && isRecord(out.__config__)) out.__config__ = { ...out.__config__, noShow: true, required: false };
    return out;
  };
  return walk(formData, false) as Record<string, unknown>;
}

/** The field's __vModel__ when it names a hidden storing field. */
function hiddenKey(item: unknown, hidden: ReadonlySet<string>): string | null {
  return isRecord(item) && typeof item.__vModel__ === 'string' && hidden.has(item.__vModel__.trim()) ? item.__vModel__.trim() : null;
}

const propOf = (item: Record<string, unknown>) => [item.prop, item.__vModel__, item.id].find((v): v is string => typeof v === 'string' && v !== '');

const LIST_KEYS = ['columnList', 'searchList', 'sortList'] as const;
const BUTTON_KEYS = ['btnsList', 'columnBtnsList', 'customBtnsList'] as const;
const REF_KEYS = ['defaultSidx', 'groupField', 'treeRelationField'] as const;

function withoutListItems(columnData: Record<string, unknown>, hidden: HiddenCodes): Record<string, unknown> {
  const out: Record<string, unknown> = { ...columnData };
  for (const key of LIST_KEYS) {
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).filter((item) => !isRecord(item) || !hidden.column.has(propOf(item) ?? ''));
  }
  for (const key of BUTTON_KEYS) {
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).filter((item) => !isRecord(item) || !hidden.button.has(`btn_${String(item.value)}`));
  }
  for (const key of REF_KEYS) if (typeof out[key] === 'string' && hidden.column.has(out[key] as string)) delete out[key];
  return out;
}
