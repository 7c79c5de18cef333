import { ActionIcon, Button, Checkbox, Group, Loader, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconChevronDown, IconChevronRight, IconDownload, IconPlus, IconSettings, IconTrash } from '@tabler/icons-react';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CompiledButton, CompiledColumn, CompiledModel } from '../../runtime/model/compiled';
import { firstPageSize, pageSizesOf } from '../../runtime/model/paging';
import { useAsync } from '../data/hooks';
import { useDataProvider, type DataProvider, type PermissionEntry, type RecordRow } from '../data/provider';
import { mergeRefs, RefsProvider } from '../format';
import type { RefNames } from '../../runtime/kinds';
import { useRT } from '../i18n';
import { allowedButtons, visibleColumns } from '../permissions';
import { fieldRegistry } from '../registry';
import type { FieldRegistry } from '../types';
import { ColumnSettingsDrawer } from './ColumnSettingsDrawer';
import { ConfirmDialog } from './ConfirmDialog';
import { applyColumnSettings, loadColumnSettings, saveColumnSettings, type ColumnSetting } from './columnSettings';
import { ListCell } from './cells';
import { InlineRow } from './InlineRow';
import { ListTree, treeValueKey } from './ListTree';
import { Pager } from './Pager';
import { SearchBar, type SearchValues } from './SearchBar';

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
  /** Bump to reload (after a save). */
  reloadKey?: number;
  registry?: FieldRegistry;
}

const TOOLBAR = new Set(['add', 'download', 'batchRemove']);

function rowId(row: RecordRow): string {
  return String(row.id ?? '');
}

/** The model's list (spec platform 6, 9): search, sortable columns, paging, column settings, gated buttons. */
export function ModelList({ model, permissions, menuId, onAdd, onEdit, onDetail, onAddChild, reloadKey = 0, registry = fieldRegistry }: ModelListProps) {
  const t = useRT();
  const provider = useDataProvider();
  const list = model.list;
  const [query, setQuery] = useState({
    currentPage: 1,
    pageSize: firstPageSize(list),
    keyword: '',
    sidx: list.defaultSort.field ?? '',
    sort: list.defaultSort.order,
    search: {} as SearchValues,
    /** Type 2: the chosen tree node and the values of its subtree (the filter). */
    tree: null as { value: string; values: string[] } | null,
  });
  const [tick, setTick] = useState(0);
  const body = useMemo(() => {
    const { search, tree, ...rest } = query;
    const extra: Record<string, unknown> = { ...search };
    if (tree !== null && list.type === 2 && list.tree?.relationField) extra[list.tree.relationField] = tree.values;
    return { ...rest, ...extra };
  }, [query, list.type, list.tree]);
  const data = useAsync((p) => p.listRecords(model.id, body), [model.id, JSON.stringify(body), reloadKey, tick]);
  const children = useTreeChildren(list.type === 5 ? model.id : null, provider, body, `${reloadKey}:${tick}`);
  const rows = data.data?.list ?? [];
  const refs = useMemo(() => Object.values(children.nodes).reduce((all, node) => mergeRefs(all, node.refs), data.data?.refs ?? {}), [data.data, children.nodes]);
  const total = data.data?.pagination?.total ?? rows.length;

  const [settings, setSettings] = useState<ColumnSetting[] | null>(() => loadColumnSettings(menuId));
  const [settingsOpen, setSettingsOpen] = useState(false);
  const permitted = useMemo(() => visibleColumns(model, permissions), [model, permissions]);
  const arranged = useMemo(() => applyColumnSettings(permitted, settings), [permitted, settings]);
  const shown = arranged.filter((c) => c.visible).map((c) => c.column);

  const toolbar = allowedButtons(model, permissions, list.buttons.filter((b) => TOOLBAR.has(b.value)));
  const rowButtons = allowedButtons(model, permissions, list.rowButtons);
  const batch = toolbar.some((b) => b.value === 'batchRemove');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<{ ids: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  const reload = () => setTick((n) => n + 1);
  const remove = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      const reply = confirm.ids.length === 1 && !selected.size ? await provider.deleteRecord(model.id, confirm.ids[0]!) : await provider.batchDelete(model.id, confirm.ids);
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
  const exportRows = async () => {
    try {
      const { url } = await provider.exportRecords(model.id, { ...body, selectKey: shown.map((c) => c.prop) });
      if (url && typeof window !== 'undefined') window.open(url, '_blank', 'noopener');
    } catch {
      /* message shown by the client */
    }
  };
  const sortBy = (prop: string) =>
    setQuery((q) => ({ ...q, currentPage: 1, sidx: prop, sort: q.sidx === prop && q.sort === 'asc' ? 'desc' : 'asc' }));

  const toolbarButton = (b: CompiledButton): ReactNode => {
    if (b.value === 'add') return <Button key={b.value} size="sm" leftSection={<IconPlus size={14} />} onClick={onAdd} data-button={b.permissionCode}>{b.label || t('renderers.add')}</Button>;
    if (b.value === 'download') return <Button key={b.value} size="sm" variant="default" leftSection={<IconDownload size={14} />} onClick={() => void exportRows()} data-button={b.permissionCode}>{b.label || t('renderers.export')}</Button>;
    return (
      <Button key={b.value} size="sm" variant="default" color="red" leftSection={<IconTrash size={14} />} disabled={!selected.size} onClick={() => setConfirm({ ids: [...selected] })} data-button={b.permissionCode}>
        {b.label || t('renderers.batchRemove')}
      </Button>
    );
  };
  const rowAction = (b: CompiledButton, row: RecordRow): ReactNode => {
    const onClick =
      b.value === 'edit'
        ? () => (list.type === 4 ? setEditing(rowId(row)) : onEdit?.(row))
        : b.value === 'remove'
          ? () => (setSelected(new Set()), setConfirm({ ids: [rowId(row)] }))
          : b.value === 'detail'
            ? () => onDetail?.(row)
            : b.value === 'addChild' && onAddChild
              ? () => (children.expand(rowId(row), true), onAddChild(row))
              : undefined;
    return (
      <Button key={b.value} size="compact-xs" variant="subtle" color={b.value === 'remove' ? 'red' : undefined} onClick={onClick} disabled={!onClick} data-button={b.permissionCode}>
        {b.label || t(b.value === 'edit' ? 'renderers.edit' : b.value === 'remove' ? 'renderers.remove' : b.value === 'addChild' ? 'renderers.addChild' : 'renderers.detail')}
      </Button>
    );
  };

  // tree table: 添加下级 beside the row buttons for whoever may add
  const canAdd = toolbar.some((b) => b.value === 'add');
  const treeButtons: CompiledButton[] = list.type === 5 && canAdd && onAddChild ? [{ value: 'addChild', label: '', icon: null, permissionCode: 'btn_add' }] : [];
  const rowActions = [...treeButtons, ...rowButtons];

  const renderRow = (row: RecordRow, index: number, depth = 0): ReactNode => {
    const id = rowId(row);
    const node = list.type === 5 ? children.nodes[id] : undefined;
    const open = list.type === 5 && !!node?.open;
    if (editing === id)
      return <InlineRow key={id} model={model} row={row} columns={shown} leading={(batch ? 1 : 0) + 1} trailing={rowActions.length > 0} registry={registry} onDone={(saved) => (setEditing(null), saved && reload())} />;
    const toggle = list.type === 5 ? (
      row.hasChildren ? (
        <ActionIcon size="xs" variant="subtle" onClick={() => children.expand(id, !open)} aria-label={t(open ? 'renderers.collapse' : 'renderers.expand')} data-action="expand" aria-expanded={open} mr={4}>
          {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
      ) : (
        <span style={{ display: 'inline-block', width: 22 }} />
      )
    ) : null;
    return (
      <Fragment key={id || index}>
        <Table.Tr data-row-id={id} data-depth={list.type === 5 ? depth : undefined}>
          {batch ? (
            <Table.Td>
              <Checkbox
                size="xs"
                checked={selected.has(id)}
                onChange={(e) => {
                  // read now: React clears currentTarget before the state updater runs
                  const checked = e.currentTarget.checked;
                  setSelected((s) => {
                    const n = new Set(s);
                    if (checked) n.add(id);
                    else n.delete(id);
                    return n;
                  });
                }}
                aria-label={id}
              />
            </Table.Td>
          ) : null}
          <Table.Td>{depth ? '' : (query.currentPage - 1) * query.pageSize + index + 1}</Table.Td>
          {shown.map((c, i) => (
            <Table.Td key={c.prop} style={{ textAlign: c.align, paddingLeft: i === 0 && depth ? depth * 20 + 10 : undefined, whiteSpace: i === 0 && toggle ? 'nowrap' : undefined }} data-cell={c.prop}>
              {i === 0 && toggle ? (
                <Group gap={0} wrap="nowrap" display="inline-flex" style={{ verticalAlign: 'middle' }}>{toggle}<ListCell model={model} column={c} row={row} registry={registry} /></Group>
              ) : (
                <ListCell model={model} column={c} row={row} registry={registry} />
              )}
            </Table.Td>
          ))}
          {rowActions.length ? (
            <Table.Td>
              <Group gap={2} wrap="nowrap">{rowActions.map((b) => rowAction(b, row))}</Group>
            </Table.Td>
          ) : null}
        </Table.Tr>
        {open && node ? (
          <>
            {node.rows.map((child, i) => renderRow(child, i, depth + 1))}
            {node.loading || node.rows.length < node.total ? (
              <Table.Tr data-children-of={id}>
                <Table.Td colSpan={width} style={{ paddingLeft: (depth + 1) * 20 + 10 }}>
                  {node.loading ? <Loader size="xs" /> : (
                    <Button size="compact-xs" variant="subtle" onClick={() => children.more(id)} data-action="load-more">
                      {t('renderers.loadMore')} ({node.rows.length}/{node.total})
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ) : null}
          </>
        ) : null}
      </Fragment>
    );
  };

  const width = shown.length + 1 + (batch ? 1 : 0) + (rowActions.length ? 1 : 0);
  const groups = list.type === 3 && list.groupField ? groupRows(rows, list.groupField) : null;
  // the group header shows the value the way its column would (option labels, dictionary names)
  const groupColumn: CompiledColumn | null = list.groupField
    ? (list.columns.find((c) => c.prop === list.groupField) ?? { prop: list.groupField, label: '', kind: model.form.fields[list.groupField]?.kind ?? null, align: 'left', width: null, fixed: null, sortable: false, permissionCode: list.groupField })
    : null;
  // the tree's dictionary: treeDictionary, else the relation field's own dictionary
  const relation = list.tree?.relationField ? model.form.fields[list.tree.relationField] : undefined;
  const treeSource = list.tree && !list.tree.dictionary && relation?.options?.from === 'dictionary' ? { ...list.tree, dictionary: relation.options.dictionaryType } : list.tree!;
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(rowId(r)));

  const table = (
    <RefsProvider refs={refs}>
    <div style={{ flex: 1, minWidth: 0 }}>
      <SearchBar model={model} onSearch={(keyword, search) => setQuery((q) => ({ ...q, keyword, search, currentPage: 1 }))} />
      <Group justify="space-between" mb="xs">
        <Group gap="xs">{toolbar.map(toolbarButton)}</Group>
        <Tooltip label={t('renderers.columnSettings')}>
          <ActionIcon variant="default" onClick={() => setSettingsOpen(true)} aria-label={t('renderers.columnSettings')} data-action="column-settings">
            <IconSettings size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Table.ScrollContainer minWidth={400}>
        <Table striped highlightOnHover withTableBorder className="scp-model-list" data-list-type={list.type}>
          <Table.Thead>
            <Table.Tr>
              {batch ? (
                <Table.Th w={36}>
                  <Checkbox size="xs" checked={allChecked} onChange={(e) => setSelected(e.currentTarget.checked ? new Set(rows.map(rowId)) : new Set())} aria-label="all" />
                </Table.Th>
              ) : null}
              <Table.Th w={50}>{t('renderers.index')}</Table.Th>
              {shown.map((c) => (
                <Table.Th key={c.prop} style={{ textAlign: c.align, width: c.width ?? undefined, cursor: c.sortable ? 'pointer' : undefined, whiteSpace: 'nowrap' }} onClick={c.sortable ? () => sortBy(c.prop) : undefined} data-column={c.prop}>
                  {c.label}
                  {c.sortable ? (query.sidx === c.prop ? (query.sort === 'asc' ? <IconArrowUp size={12} /> : <IconArrowDown size={12} />) : <IconArrowsSort size={12} opacity={0.4} />) : null}
                </Table.Th>
              ))}
              {rowActions.length ? <Table.Th>{t('renderers.actions')}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.loading && !rows.length ? (
              <Table.Tr><Table.Td colSpan={width}><Group justify="center"><Loader size="sm" /></Group></Table.Td></Table.Tr>
            ) : !rows.length ? (
              <Table.Tr><Table.Td colSpan={width}><Text ta="center" c="dimmed">{t('renderers.noData')}</Text></Table.Td></Table.Tr>
            ) : groups ? (
              groups.map(([name, members]) => (
                <Fragment key={name}>
                  <Table.Tr data-group={name} className="scp-list-group">
                    <Table.Td colSpan={width} fw={600}>
                      {name && groupColumn ? <ListCell model={model} column={groupColumn} row={members[0]!} registry={registry} /> : name || '-'} ({members.length})
                    </Table.Td>
                  </Table.Tr>
                  {members.map((r) => renderRow(r, rows.indexOf(r)))}
                </Fragment>
              ))
            ) : (
              rows.map((r, i) => renderRow(r, i))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.hasPage ? <Pager sizes={pageSizesOf(list)} total={total} currentPage={query.currentPage} pageSize={query.pageSize} onChange={(currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize }))} /> : null}
      {!list.hasPage && total > rows.length ? <Text size="sm" c="dimmed" mt="xs" data-list="unpaged-limit">{t('renderers.unpagedLimit', { shown: rows.length, total })}</Text> : null}
      <ColumnSettingsDrawer
        opened={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        columns={arranged}
        onChange={(next) => {
          setSettings(next);
          saveColumnSettings(menuId, next);
        }}
      />
      <ConfirmDialog opened={!!confirm} message={t('renderers.confirmDelete')} busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => void remove()} />
    </div>
    </RefsProvider>
  );
  if (list.type === 2 && list.tree)
    return (
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ListTree tree={treeSource} valueKey={treeValueKey(model)} selected={query.tree?.value ?? null} onSelect={(node) => setQuery((q) => ({ ...q, tree: node, currentPage: 1 }))} />
        {table}
      </Group>
    );
  return table;
}

/**
 * Rows of the page grouped by a field's value, in first-seen order (list type 3). The server
 * orders by the group field first, so each group is already one run of rows and the page's
 * order is kept; a group that continues on the next page heads that page again.
 */
export function groupRows(rows: RecordRow[], field: string): [string, RecordRow[]][] {
  const groups = new Map<string, RecordRow[]>();
  for (const row of rows) {
    const key = row[field] === null || row[field] === undefined ? '' : String(row[field]);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(row);
  }
  return [...groups];
}

interface ChildNode {
  open: boolean;
  loading: boolean;
  rows: RecordRow[];
  total: number;
  page: number;
  refs?: RefNames;
}

const CHILD_PAGE = 100;

/**
 * Children of a tree table's rows (type 5), loaded from the server when a row is expanded
 * (`parentId`, one page of 100 at a time, in the list's sort order). A change of search or sort
 * closes every row; a reload (after a save or delete) loads the open rows again.
 */
function useTreeChildren(modelId: string | null, provider: DataProvider, body: Record<string, unknown>, reloadKey: string) {
  const [nodes, setNodes] = useState<Record<string, ChildNode>>({});
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;
  const sort = { sidx: body.sidx, sort: body.sort };
  const sortKey = JSON.stringify(sort);
  const load = useCallback(
    async (id: string, page: number, keep: RecordRow[]) => {
      if (!modelId) return;
      setNodes((n) => ({ ...n, [id]: { ...n[id], total: n[id]?.total ?? 0, rows: keep.length ? keep : (n[id]?.rows ?? []), page, open: true, loading: true } }));
      try {
        const reply = await provider.listRecords(modelId, { ...JSON.parse(sortKey), parentId: id, currentPage: page, pageSize: CHILD_PAGE });
        const got = reply?.list ?? [];
        setNodes((n) => (n[id] ? { ...n, [id]: { ...n[id]!, rows: [...keep, ...got], total: reply?.pagination?.total ?? got.length, page, loading: false, refs: mergeRefs(n[id]!.refs ?? {}, reply?.refs) } } : n));
      } catch {
        setNodes((n) => (n[id] ? { ...n, [id]: { ...n[id]!, loading: false } } : n));
      }
    },
    [modelId, provider, sortKey],
  );
  // a new search or sort starts from closed rows
  const bodyKey = JSON.stringify(body);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return;
    setNodes({});
  }, [bodyKey]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    for (const [id, node] of Object.entries(nodesRef.current)) if (node.open) void load(id, 1, []);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reloadKey]);
  return {
    nodes,
    expand(id: string, open: boolean) {
      if (!open) setNodes((n) => (n[id] ? { ...n, [id]: { ...n[id]!, open: false } } : n));
      else void load(id, 1, []);
    },
    more(id: string) {
      const node = nodesRef.current[id];
      if (node && !node.loading) void load(id, node.page + 1, node.rows);
    },
  };
}
