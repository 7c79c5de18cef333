/**
 * The rules of the popup select, popup table select and related-form pickers (spec widgets
 * 2.5, 3, 4, 9): their configuration read from a field's props, the page size, the parameters
 * sent to the data interface, the selection while the dialog is open, and the display text of
 * a value. Pure: the renderers and the server's save check share them.
 */

/** Spec 9: a popup pages by 20; without paging it asks for 10,000 rows at once. */
export const POPUP_PAGE_SIZE = 20;
export const POPUP_UNPAGED_SIZE = 10000;
/** Spec 2.5: the dialog is 800 px wide; the popover table is 700 × 300. */
export const POPUP_WIDTH = '800px';
export const POPUP_TABLE_WIDTH = 700;
export const POPUP_TABLE_HEIGHT = 300;

export interface PopupColumn {
  value: string;
  label: string;
}

/** A templateJson parameter: its value comes from a sibling field (relationField), else defaultValue. */
export interface PopupParam {
  field: string;
  relationField?: string;
  defaultValue?: unknown;
}

export interface PopupConfig {
  /** Data interface (popup selects) — empty for a related form. */
  interfaceId: string;
  /** Related form: the other model. */
  modelId: string;
  /** The row field the stored value is (default id). */
  propsValue: string;
  /** The row field shown for a chosen row (default fullName). */
  relationField: string;
  columnOptions: PopupColumn[];
  templateJson: PopupParam[];
  hasPage: boolean;
  pageSize: number;
  multiple: boolean;
  popupType: 'dialog' | 'drawer';
  popupTitle: string;
  popupWidth: string;
}

const str = (v: unknown, fallback = '') => (typeof v === 'string' && v.trim() ? v.trim() : fallback);

function columnsOf(value: unknown): PopupColumn[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((c) => {
    if (typeof c === 'string' && c) return [{ value: c, label: c }];
    if (!c || typeof c !== 'object') return [];
    const o = c as Record<string, unknown>;
    const v = str(o.value) || str(o.prop);
    return v ? [{ value: v, label: str(o.label, v) }] : [];
  });
}

function paramsOf(value: unknown): PopupParam[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((p) => {
    if (!p || typeof p !== 'object') return [];
    const o = p as Record<string, unknown>;
    const field = str(o.field);
    if (!field) return [];
    return [{ field, ...(str(o.relationField) ? { relationField: str(o.relationField) } : {}), ...(o.defaultValue !== undefined ? { defaultValue: o.defaultValue } : {}) }];
  });
}

/** A picker's configuration from the compiled field's props (JNPF names; related forms have no interface and store the record id). */
export function popupConfigOf(props: Record<string, unknown>, related = false): PopupConfig {
  const pageSize = typeof props.pageSize === 'number' && props.pageSize > 0 ? Math.floor(props.pageSize) : POPUP_PAGE_SIZE;
  const width = typeof props.popupWidth === 'number' ? `${props.popupWidth}px` : str(props.popupWidth, POPUP_WIDTH);
  return {
    interfaceId: related ? '' : str(props.interfaceId),
    modelId: related ? str(props.modelId) : '',
    propsValue: related ? 'id' : str(props.propsValue, 'id'),
    relationField: str(props.relationField, related ? '' : 'fullName'),
    columnOptions: columnsOf(props.columnOptions),
    templateJson: paramsOf(props.templateJson),
    hasPage: related ? props.hasPage !== false : props.hasPage === true,
    pageSize,
    multiple: !related && props.multiple === true,
    popupType: props.popupType === 'drawer' ? 'drawer' : 'dialog',
    popupTitle: str(props.popupTitle),
    popupWidth: width,
  };
}

/** Spec 4: a related form looks up only when both its model and its shown field are set. */
export function relationReady(config: PopupConfig): boolean {
  return !!config.modelId && !!config.relationField;
}

/** Rows asked for per page: the configured size when paging, else 10,000. */
export function pageSizeOf(config: Pick<PopupConfig, 'hasPage' | 'pageSize'>): number {
  return config.hasPage ? config.pageSize : POPUP_UNPAGED_SIZE;
}

/** The table's columns: the configured ones, else the shown field. */
export function tableColumns(config: PopupConfig): PopupColumn[] {
  if (config.columnOptions.length) return config.columnOptions;
  return config.relationField ? [{ value: config.relationField, label: config.relationField }] : [];
}

/** paramList for the interface: each parameter takes its sibling field's value, else its default (spec 2.5, 3). */
export function paramListOf(params: readonly PopupParam[], sibling: (key: string) => unknown): { field: string; defaultValue: unknown }[] {
  return params.map((p) => {
    const own = p.relationField ? sibling(p.relationField) : undefined;
    const empty = own === undefined || own === null || own === '' || (Array.isArray(own) && own.length === 0);
    return { field: p.field, defaultValue: empty ? (p.defaultValue ?? '') : own };
  });
}

/** The ids a stored value holds (one id, or a list when multiple). */
export function valueIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v) => v !== null && v !== undefined && v !== '').map(String);
}

/** Text of a row's cell as people read it. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The display text of a value: the shown field of each chosen row, in the value's order; an id no row answers shows nothing. */
export function displayText(ids: readonly string[], rows: ReadonlyMap<string, Record<string, unknown>>, relationField: string): string {
  return ids
    .map((id) => rows.get(id))
    .filter((r): r is Record<string, unknown> => !!r)
    .map((r) => cellText(r[relationField]))
    .join(',');
}

/** The selection while the dialog is open: ids in the order chosen. */
export interface Selection {
  ids: string[];
}

/** Opening preloads the stored value (spec 4): what is chosen stays chosen. */
export function openSelection(value: unknown, multiple: boolean): Selection {
  const ids = valueIds(value);
  return { ids: multiple ? ids : ids.slice(0, 1) };
}

/** A click on a row: single mode replaces the choice (radio); multiple mode toggles the row. */
export function toggleRow(selection: Selection, id: string, multiple: boolean): Selection {
  if (!multiple) return { ids: [id] };
  return selection.ids.includes(id) ? { ids: selection.ids.filter((x) => x !== id) } : { ids: [...selection.ids, id] };
}

/**
 * Confirm: with no row chosen nothing happens (null, the dialog stays open, spec 4);
 * otherwise the value to store — one id, or the list when multiple.
 */
export function confirmSelection(selection: Selection, multiple: boolean): { value: string | string[] } | null {
  if (!selection.ids.length) return null;
  return { value: multiple ? [...selection.ids] : selection.ids[0]! };
}
