import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import type { CompiledButton, CompiledColumn, CompiledModel } from '../../runtime/model/compiled';
import { firstPageSize } from '../../runtime/model/paging';
import { useAsync, type AsyncState } from '../data/hooks';
import { useDataProvider, type PermissionEntry, type RecordPage, type RecordRow } from '../data/provider';
import { useRT } from '../i18n';
import { allowedButtons, visibleColumns } from '../permissions';
import { fieldRegistry } from '../registry';
import type { FieldRegistry } from '../types';
import { applyColumnSettings, loadColumnSettings, saveColumnSettings, type ColumnSetting } from './columnSettings';
import type { SearchValues } from './SearchBar';

/** What the page gives its list: the model, the user's permissions, the handlers of buttons that open forms, a reload signal. */
export interface ModelListProps {
  model: CompiledModel;
  permissions: PermissionEntry | null;
  /** Column settings are remembered per menu id. */
  menuId: string;
  onAdd?(): void;
  onEdit?(row: RecordRow): void;
  onDetail?(row: RecordRow): void;
  /** Tree table (type 5): add a record under `row` (the page opens the add form with the parent set). */
  onAddChild?(row: RecordRow): void;
  /** Handlers of custom row buttons (customBtnsList), by value: admin resource pages' row actions. */
  rowActions?: Record<string, (row: RecordRow) => void>;
  /** Bump to reload (after a save). */
  reloadKey?: number;
  registry?: FieldRegistry;
}

/** A header the user sorted by; null is the model's own order (defaultSidx and sort). */
export type HeaderSort = { prop: string; order: 'asc' | 'desc' } | null;

/** A click on a sortable header: a new column sorts ascending, then descending, then the sort is cleared. */
export function nextSort(current: HeaderSort, prop: string): HeaderSort {
  if (!current || current.prop !== prop) return { prop, order: 'asc' };
  return current.order === 'asc' ? { prop, order: 'desc' } : null;
}

export interface ListQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
  search: SearchValues;
  sort: HeaderSort;
  /** Type 2: the chosen tree node and the values of its subtree (the filter). */
  tree: { value: string; values: string[] } | null;
}

export function rowId(row: RecordRow): string {
  return String(row.id ?? '');
}

const TOOLBAR = new Set(['add', 'upload', 'download', 'batchRemove']);

/**
 * The state every list type shares: the query (search, sort, page, tree filter) and the page of
 * records it gives, the permitted and arranged columns, the gated buttons, the selection, and
 * delete (export and import are dialogs of the toolbar).
 */
export function useListState({ model, permissions, menuId, reloadKey = 0, registry = fieldRegistry }: ModelListProps) {
  const t = useRT();
  const provider = useDataProvider();
  const list = model.list;
  const [query, setQuery] = useState<ListQuery>({ currentPage: 1, pageSize: firstPageSize(list), keyword: '', search: {}, sort: null, tree: null });
  const [tick, setTick] = useState(0);
  const body = useMemo(() => {
    const { search, tree, sort, ...rest } = query;
    const extra: Record<string, unknown> = { ...search };
    if (tree !== null && list.type === 2 && list.tree?.relationField) extra[list.tree.relationField] = tree.values;
    return { ...rest, sidx: sort?.prop ?? list.defaultSort.field ?? '', sort: sort?.order ?? list.defaultSort.order, ...extra };
  }, [query, list.type, list.tree, list.defaultSort]);
  const records: AsyncState<RecordPage> = useAsync((p) => p.listRecords(model.id, body), [model.id, JSON.stringify(body), reloadKey, tick]);
  const rows = records.data?.list ?? [];
  const reload = () => setTick((n) => n + 1);

  const [settings, setSettings] = useState<ColumnSetting[] | null>(() => loadColumnSettings(menuId));
  const permitted = useMemo(() => visibleColumns(model, permissions), [model, permissions]);
  const arranged = useMemo(() => applyColumnSettings(permitted, settings), [permitted, settings]);
  const shown: CompiledColumn[] = arranged.filter((c) => c.visible).map((c) => c.column);
  const arrange = (next: ColumnSetting[]) => {
    setSettings(next);
    saveColumnSettings(menuId, next);
  };

  const toolbar = allowedButtons(model, permissions, list.buttons.filter((b) => TOOLBAR.has(b.value)));
  const rowButtons: CompiledButton[] = allowedButtons(model, permissions, list.rowButtons);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<{ ids: string[]; one: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      const reply = confirm.one ? await provider.deleteRecord(model.id, confirm.ids[0]!) : await provider.batchDelete(model.id, confirm.ids);
      notifications.show({ message: typeof reply === 'string' && reply ? reply : t('renderers.deleted'), color: 'green', autoClose: 1500 });
      setSelected(new Set());
      reload();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  return {
    model,
    list,
    registry,
    query,
    setQuery,
    body,
    sortBy: (prop: string) => setQuery((q) => ({ ...q, currentPage: 1, sort: nextSort(q.sort, prop) })),
    records,
    rows,
    total: records.data?.pagination?.total ?? rows.length,
    /** The 序号 of the page's `index`-th row. */
    numberOf: (index: number) => (query.currentPage - 1) * query.pageSize + index + 1,
    reload,
    /** Changes whenever the list reloads (a save on the page, a delete here). */
    reloadSignal: `${reloadKey}:${tick}`,
    arranged,
    shown,
    arrange,
    toolbar,
    rowButtons,
    batch: toolbar.some((b) => b.value === 'batchRemove'),
    canAdd: toolbar.some((b) => b.value === 'add'),
    selected,
    select(id: string, checked: boolean) {
      setSelected((s) => {
        const n = new Set(s);
        if (checked) n.add(id);
        else n.delete(id);
        return n;
      });
    },
    selectAll: (checked: boolean) => setSelected(checked ? new Set(rows.map(rowId)) : new Set()),
    /** Asks before deleting one row (its 删除 button) or the selection (批量删除). */
    askDelete(ids: string[], one: boolean) {
      if (one) setSelected(new Set());
      setConfirm({ ids, one });
    },
    confirm,
    busy,
    cancelDelete: () => setConfirm(null),
    remove,
  };
}

export type ListState = ReturnType<typeof useListState>;
