import { ActionIcon, Button, Checkbox, Group, Loader, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDownload, IconPlus, IconSettings, IconTrash } from '@tabler/icons-react';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import type { CompiledButton, CompiledModel } from '../../runtime/model/compiled';
import { useAsync } from '../data/hooks';
import { useDataProvider, type PermissionEntry, type RecordRow } from '../data/provider';
import { useRT } from '../i18n';
import { allowedButtons, visibleColumns } from '../permissions';
import { fieldRegistry } from '../registry';
import type { FieldRegistry } from '../types';
import { ColumnSettingsDrawer } from './ColumnSettingsDrawer';
import { ConfirmDialog } from './ConfirmDialog';
import { applyColumnSettings, loadColumnSettings, saveColumnSettings, type ColumnSetting } from './columnSettings';
import { ListCell } from './cells';
import { InlineRow } from './InlineRow';
import { ListTree } from './ListTree';
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
  /** Bump to reload (after a save). */
  reloadKey?: number;
  registry?: FieldRegistry;
}

const TOOLBAR = new Set(['add', 'download', 'batchRemove']);

function rowId(row: RecordRow): string {
  return String(row.id ?? '');
}

/** The model's list (spec platform 6, 9): search, sortable columns, paging, column settings, gated buttons. */
export function ModelList({ model, permissions, menuId, onAdd, onEdit, onDetail, reloadKey = 0, registry = fieldRegistry }: ModelListProps) {
  const t = useRT();
  const provider = useDataProvider();
  const list = model.list;
  const [query, setQuery] = useState({
    currentPage: 1,
    pageSize: list.hasPage ? list.pageSize || 20 : 10000,
    keyword: '',
    sidx: list.defaultSort.field ?? '',
    sort: list.defaultSort.order,
    search: {} as SearchValues,
    tree: null as string | null,
  });
  const [tick, setTick] = useState(0);
  const body = useMemo(() => {
    const { search, tree, ...rest } = query;
    const extra: Record<string, unknown> = { ...search };
    if (tree !== null && list.tree?.relationField) extra[list.tree.relationField] = tree;
    return { ...rest, ...extra };
  }, [query, list.tree]);
  const data = useAsync((p) => p.listRecords(model.id, body), [model.id, JSON.stringify(body), reloadKey, tick]);
  const rows = data.data?.list ?? [];
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
            : undefined;
    return (
      <Button key={b.value} size="compact-xs" variant="subtle" color={b.value === 'remove' ? 'red' : undefined} onClick={onClick} disabled={!onClick} data-button={b.permissionCode}>
        {b.label || t(b.value === 'edit' ? 'renderers.edit' : b.value === 'remove' ? 'renderers.remove' : 'renderers.detail')}
      </Button>
    );
  };

  const renderRow = (row: RecordRow, index: number, depth = 0): ReactNode => {
    const id = rowId(row);
    const children = list.type === 5 && Array.isArray(row.children) ? (row.children as RecordRow[]) : [];
    if (editing === id)
      return <InlineRow key={id} model={model} row={row} columns={shown} leading={(batch ? 1 : 0) + 1} registry={registry} onDone={(saved) => (setEditing(null), saved && reload())} />;
    return (
      <Fragment key={id || index}>
        <Table.Tr data-row-id={id}>
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
            <Table.Td key={c.prop} style={{ textAlign: c.align, paddingLeft: i === 0 && depth ? depth * 20 + 10 : undefined }} data-cell={c.prop}>
              <ListCell model={model} column={c} row={row} registry={registry} />
            </Table.Td>
          ))}
          {rowButtons.length ? (
            <Table.Td>
              <Group gap={2} wrap="nowrap">{rowButtons.map((b) => rowAction(b, row))}</Group>
            </Table.Td>
          ) : null}
        </Table.Tr>
        {children.map((child, i) => renderRow(child, i, depth + 1))}
      </Fragment>
    );
  };

  const width = shown.length + 1 + (batch ? 1 : 0) + (rowButtons.length ? 1 : 0);
  const groups = list.type === 3 && list.groupField ? groupRows(rows, list.groupField) : null;
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(rowId(r)));

  const table = (
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
              {rowButtons.length ? <Table.Th>{t('renderers.actions')}</Table.Th> : null}
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
                  <Table.Tr data-group={name}><Table.Td colSpan={width} fw={600}>{name || '-'} ({members.length})</Table.Td></Table.Tr>
                  {members.map((r, i) => renderRow(r, i))}
                </Fragment>
              ))
            ) : (
              rows.map((r, i) => renderRow(r, i))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.hasPage ? <Pager total={total} currentPage={query.currentPage} pageSize={query.pageSize} onChange={(currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize }))} /> : null}
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
  );
  if (list.type === 2 && list.tree)
    return (
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ListTree tree={list.tree} selected={query.tree} onSelect={(id) => setQuery((q) => ({ ...q, tree: id, currentPage: 1 }))} />
        {table}
      </Group>
    );
  return table;
}

/** Rows of the page grouped by a field's value, in first-seen order (list type 3). */
export function groupRows(rows: RecordRow[], field: string): [string, RecordRow[]][] {
  const groups = new Map<string, RecordRow[]>();
  for (const row of rows) {
    const key = row[field] === null || row[field] === undefined ? '' : String(row[field]);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(row);
  }
  return [...groups];
}
