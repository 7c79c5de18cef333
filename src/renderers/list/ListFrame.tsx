import { Group, Loader, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { RefNames } from '../../runtime/kinds';
import { pageSizesOf } from '../../runtime/model/paging';
import { RefsProvider } from '../format';
import { useRT } from '../i18n';
import { ColumnSettingsDrawer } from './ColumnSettingsDrawer';
import { ConfirmDialog } from './ConfirmDialog';
import { ListHeader } from './ListHeader';
import { ListToolbar } from './ListToolbar';
import type { ListState } from './listState';
import { Pager } from './Pager';
import { SearchBar } from './SearchBar';

/** Columns of a full-width row (group headers, load more): selection, 序号, the shown columns, 操作. */
export function columnCount(state: ListState, actions: boolean): number {
  return state.shown.length + 1 + (state.batch ? 1 : 0) + (actions ? 1 : 0);
}

export interface ListFrameProps {
  state: ListState;
  onAdd?(): void;
  /** Names of the records the shown values reference (users, organisations …), for the cells. */
  refs: RefNames | undefined;
  /** Whether rows have buttons (the 操作 column). */
  actions: boolean;
  /** The rows of the table body, drawn by the list type. */
  children: ReactNode;
}

/**
 * What every list type shares around its rows (spec platform 6, 9): search bar, toolbar, the
 * table with its sortable header, loading and empty states, paging (or the unpaged cap), column
 * settings and the delete confirmation.
 */
export function ListFrame({ state, onAdd, refs, actions, children }: ListFrameProps) {
  const t = useRT();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { list, rows, records, query, total } = state;
  const width = columnCount(state, actions);
  const message = (content: ReactNode) => (
    <Table.Tr>
      <Table.Td colSpan={width}>{content}</Table.Td>
    </Table.Tr>
  );
  return (
    <RefsProvider refs={refs} model={state.model}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <SearchBar model={state.model} onSearch={(keyword, search) => state.setQuery((q) => ({ ...q, keyword, search, currentPage: 1 }))} />
        <ListToolbar state={state} onAdd={onAdd} onColumnSettings={() => setSettingsOpen(true)} />
        <Table.ScrollContainer minWidth={400}>
          <Table striped highlightOnHover withTableBorder className="scp-model-list" data-list-type={list.type}>
            <ListHeader state={state} actions={actions} />
            <Table.Tbody>
              {records.loading && !rows.length
                ? message(<Group justify="center"><Loader size="sm" /></Group>)
                : !rows.length
                  ? message(<Text ta="center" c="dimmed">{t('renderers.noData')}</Text>)
                  : children}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.hasPage ? (
          <Pager sizes={pageSizesOf(list)} total={total} currentPage={query.currentPage} pageSize={query.pageSize} onChange={(currentPage, pageSize) => state.setQuery((q) => ({ ...q, currentPage, pageSize }))} />
        ) : null}
        {!list.hasPage && total > rows.length ? (
          <Text size="sm" c="dimmed" mt="xs" data-list="unpaged-limit">
            {t('renderers.unpagedLimit', { shown: rows.length, total })}
          </Text>
        ) : null}
        <ColumnSettingsDrawer opened={settingsOpen} onClose={() => setSettingsOpen(false)} columns={state.arranged} onChange={state.arrange} />
        <ConfirmDialog opened={!!state.confirm} message={t('renderers.confirmDelete')} busy={state.busy} onCancel={state.cancelDelete} onConfirm={() => void state.remove()} />
      </div>
    </RefsProvider>
  );
}
