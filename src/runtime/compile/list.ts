import { translate, type Locale, type MessageKey } from '../i18n';
import type { CompiledButton, CompiledColumn, CompiledField, CompiledList, CompiledSearchField } from '../model/compiled';
import { canonicalKind, kindOf, type FieldKind } from '../kinds';
import { MAX_PAGE_SIZE } from '../model/paging';
import { type CompileContext, isRecord } from './context';
import { str } from './form';

const DEFAULT_BUTTONS = { add: 'btn.add', edit: 'btn.edit', remove: 'btn.remove', detail: 'btn.detail', download: 'btn.download', batchRemove: 'btn.batchRemove' } as const satisfies Record<string, MessageKey>;

/** The designer's searchType of each search mode (the kind's default when the list config does not say). */
const SEARCH_TYPES = { equals: 1, contains: 2, range: 3 } as const;

export interface ListInput {
  fields: Record<string, CompiledField>;
  unknownKeys: Set<string>;
}

/** Resolves a list prop against the form: a top-level field, or `table-column` of a sub-table. */
export function resolveProp(prop: string, fields: Record<string, CompiledField>): CompiledField | null {
  if (fields[prop]) return fields[prop]!;
  const dash = prop.indexOf('-');
  if (dash > 0) {
    const table = fields[prop.slice(0, dash)];
    const column = table?.columns?.find((c) => c.key === prop.slice(dash + 1));
    if (column) return column;
  }
  return null;
}

function itemProp(item: Record<string, unknown>): string | null {
  return str(item.prop) ?? str(item.__vModel__) ?? str(item.id);
}

function itemKind(item: Record<string, unknown>, field: CompiledField | null): FieldKind | null {
  const config = isRecord(item.__config__) ? item.__config__ : {};
  const key = str(item.jnpfKey) ?? str(config.jnpfKey);
  return (key ? canonicalKind(key) : null) ?? field?.kind ?? null;
}

function itemLabel(item: Record<string, unknown>, field: CompiledField | null): string {
  const config = isRecord(item.__config__) ? item.__config__ : {};
  return str(item.label) ?? str(config.label) ?? field?.label ?? '';
}

/** Checks a list item's prop; reports a broken reference (error) or a field of unknown kind (warning). */
function check(item: Record<string, unknown>, at: string, input: ListInput, ctx: CompileContext, code: MessageKey): { prop: string; field: CompiledField | null } | null {
  const prop = itemProp(item);
  if (!prop) {
    ctx.error(`${at}.prop`, code, { prop: '(empty)' });
    return null;
  }
  const field = resolveProp(prop, input.fields);
  if (!field) {
    if (input.unknownKeys.has(prop)) ctx.warn(`${at}.prop`, 'compile.columnUnknownKind', { prop });
    else {
      ctx.error(`${at}.prop`, code, { prop });
      return null;
    }
  }
  return { prop, field };
}

function buttons(list: unknown, locale: Locale, fallback: (keyof typeof DEFAULT_BUTTONS)[]): CompiledButton[] {
  if (!Array.isArray(list)) {
    return fallback.map((value) => ({ value, label: translate(locale, DEFAULT_BUTTONS[value]), icon: null, permissionCode: `btn_${value}`, labelKey: DEFAULT_BUTTONS[value] }));
  }
  return list.filter(isRecord).filter((b) => str(b.value)).map((b) => {
    const value = str(b.value)!;
    const known = (DEFAULT_BUTTONS as Record<string, MessageKey>)[value];
    const label = str(b.label);
    return {
      value,
      label: label ?? (known ? translate(locale, known) : value),
      icon: str(b.icon),
      permissionCode: `btn_${value}`,
      ...(label || !known ? {} : { labelKey: known }),
    };
  });
}

/**
 * columnData → the compiled list. Every prop (column, search field, sort field, default
 * sort, group field, tree relation field) must name a form field: a broken one is an error
 * naming its JSON path, and the item is left out so the rest still renders.
 */
/** The model's own page size (default 20), at most MAX_PAGE_SIZE. */
function pageSizeOf(value: unknown, ctx: CompileContext): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) return 20;
  if (value <= MAX_PAGE_SIZE) return value;
  ctx.warn('columnData.pageSize', 'compile.pageSizeTooLarge', { value, max: MAX_PAGE_SIZE });
  return MAX_PAGE_SIZE;
}

export function compileList(columnData: Record<string, unknown>, input: ListInput, ctx: CompileContext): CompiledList {
  const columns: CompiledColumn[] = [];
  (Array.isArray(columnData.columnList) ? columnData.columnList : []).forEach((raw, i) => {
    if (!isRecord(raw)) return;
    const ref = check(raw, `columnData.columnList[${i}]`, input, ctx, 'compile.brokenColumn');
    if (!ref) return;
    const fixed = raw.fixed === 'left' || raw.fixed === true ? 'left' : raw.fixed === 'right' ? 'right' : null;
    columns.push({
      prop: ref.prop,
      label: itemLabel(raw, ref.field),
      kind: itemKind(raw, ref.field),
      align: raw.align === 'center' || raw.align === 'right' ? raw.align : 'left',
      width: typeof raw.width === 'number' ? raw.width : null,
      fixed,
      sortable: raw.sortable === true,
      permissionCode: ref.field?.permissionCode ?? ref.prop,
    });
  });

  const searchFields: CompiledSearchField[] = [];
  const keyword: string[] = [];
  (Array.isArray(columnData.searchList) ? columnData.searchList : []).forEach((raw, i) => {
    if (!isRecord(raw)) return;
    const ref = check(raw, `columnData.searchList[${i}]`, input, ctx, 'compile.brokenSearch');
    if (!ref) return;
    const kind = itemKind(raw, ref.field);
    const searchType = raw.searchType === 1 || raw.searchType === 2 || raw.searchType === 3
      ? raw.searchType
      : SEARCH_TYPES[(kind && kindOf(kind).search?.mode) || 'equals'];
    searchFields.push({ prop: ref.prop, label: itemLabel(raw, ref.field), kind, searchType, multiple: raw.searchMultiple === true || raw.multiple === true });
    if (raw.isKeyword === true) keyword.push(ref.prop);
  });

  (Array.isArray(columnData.sortList) ? columnData.sortList : []).forEach((raw, i) => {
    if (isRecord(raw)) check(raw, `columnData.sortList[${i}]`, input, ctx, 'compile.brokenSort');
  });

  const ref = (key: string, what: string): string | null => {
    const prop = str(columnData[key]);
    if (!prop) return null;
    if (resolveProp(prop, input.fields) || input.unknownKeys.has(prop)) return prop;
    ctx.error(`columnData.${key}`, 'compile.brokenRef', { what, prop });
    return null;
  };

  let type: CompiledList['type'] = 1;
  if (columnData.type !== undefined) {
    if ([1, 2, 3, 4, 5].includes(columnData.type as number)) type = columnData.type as CompiledList['type'];
    else ctx.warn('columnData.type', 'compile.badListType', { value: String(columnData.type) });
  }
  const groupField = type === 3 ? ref('groupField', 'groupField') : null;
  const tree = type === 2 || type === 5
    ? {
        title: str(columnData.treeTitle) ?? '',
        dataSource: str(columnData.treeDataSource) ?? 'dictionary',
        dictionary: str(columnData.treeDictionary),
        relationField: ref('treeRelationField', 'treeRelationField'),
        ...(type === 5 ? { parentField: str(columnData.parentField) ?? 'parentId' } : {}),
      }
    : null;

  const keywordFields = keyword.length
    ? keyword
    : columns.filter((c) => c.kind && kindOf(c.kind).keyword && !c.prop.includes('-')).map((c) => c.prop);

  return {
    type,
    columns,
    searchFields,
    keywordFields,
    buttons: buttons(columnData.btnsList, ctx.locale, ['add']),
    rowButtons: [...buttons(columnData.columnBtnsList, ctx.locale, ['edit', 'remove']), ...buttons(columnData.customBtnsList, ctx.locale, [])],
    hasPage: columnData.hasPage !== false,
    pageSize: pageSizeOf(columnData.pageSize, ctx),
    defaultSort: { field: ref('defaultSidx', 'defaultSidx'), order: columnData.sort === 'asc' ? 'asc' : 'desc' },
    groupField,
    tree,
  };
}
