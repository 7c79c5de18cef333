import { Button, Checkbox, Group, Loader, Radio, ScrollArea, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { cellText, type PopupColumn } from '../../../runtime/popup-select';
import type { Paged, RecordRow } from '../../data/provider';
import { useRT } from '../../i18n';

export interface PickerTableProps {
  /** One page of rows for a keyword (the popup's interface, or the related model's records). */
  load(keyword: string, currentPage: number, pageSize: number): Promise<Paged<RecordRow>>;
  columns: PopupColumn[];
  rowId(row: RecordRow): string;
  multiple: boolean;
  chosen: readonly string[];
  onToggle(row: RecordRow): void;
  pageSize: number;
  hasPage: boolean;
  /** Height of the scrolling table (the popover table: 300). */
  height?: number;
  /** Names the table and its controls for assistive technology. */
  label: string;
}

/**
 * The popup's search and table (spec widgets 2.5): keyword with search, reset and refresh, an
 * index column, a radio (single) or checkbox (multiple) per row, and paging when configured.
 * A row is chosen by clicking it or its control; every control is reachable by Tab.
 */
export function PickerTable({ load, columns, rowId, multiple, chosen, onToggle, pageSize, hasPage, height = 360, label }: PickerTableProps) {
  const t = useRT();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ keyword: '', page: 1, tick: 0 });
  const [state, setState] = useState<{ rows: RecordRow[]; total: number; loading: boolean }>({ rows: [], total: 0, loading: true });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    // a provider without the call (the public short-link page) throws at once: an empty table
    Promise.resolve().then(() => load(query.keyword, query.page, pageSize)).then(
      (page) => live && setState({ rows: page?.list ?? [], total: page?.pagination?.total ?? 0, loading: false }),
      () => live && setState({ rows: [], total: 0, loading: false }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load is rebuilt by its owner on every render
  }, [query, pageSize]);
  const pages = Math.max(1, Math.ceil(state.total / pageSize));
  const search = () => setQuery({ keyword: typed.trim(), page: 1, tick: query.tick + 1 });
  const Control = multiple ? Checkbox : Radio;
  return (
    <div className="scp-popup-picker" data-popup-picker>
      <Group gap="xs" mb="sm" wrap="nowrap">
        <TextInput
          aria-label={t('popupSelect.keywordLabel')}
          placeholder={t('popupSelect.keyword')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              search();
            }
          }}
          style={{ flex: 1 }}
          data-popup-keyword
        />
        <Button onClick={search} data-action="search">{t('popupSelect.search')}</Button>
        <Button variant="default" onClick={() => { setTyped(''); setQuery({ keyword: '', page: 1, tick: query.tick + 1 }); }} data-action="reset">{t('popupSelect.reset')}</Button>
        <Button variant="default" onClick={() => setQuery({ ...query, tick: query.tick + 1 })} data-action="refresh">{t('popupSelect.refresh')}</Button>
      </Group>
      <ScrollArea.Autosize mah={height} type="auto">
        <Table striped highlightOnHover withTableBorder aria-label={label} aria-busy={state.loading}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: 44 }}><VisuallyHidden>{t('popupSelect.title')}</VisuallyHidden></Table.Th>
              <Table.Th style={{ width: 60 }}>{t('popupSelect.index')}</Table.Th>
              {columns.map((c) => <Table.Th key={c.value}>{c.label}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.loading && !state.rows.length ? (
              <Table.Tr><Table.Td colSpan={columns.length + 2}><Loader size="xs" /></Table.Td></Table.Tr>
            ) : !state.rows.length ? (
              <Table.Tr><Table.Td colSpan={columns.length + 2}><Text c="dimmed" size="sm">{t('popupSelect.empty')}</Text></Table.Td></Table.Tr>
            ) : (
              state.rows.map((row, i) => {
                const id = rowId(row);
                const n = (query.page - 1) * pageSize + i + 1;
                const on = chosen.includes(id);
                return (
                  <Table.Tr key={id} data-popup-row={id} aria-selected={on} onClick={() => onToggle(row)} style={{ cursor: 'pointer' }}>
                    <Table.Td onClick={(e) => e.stopPropagation()}>
                      <Control checked={on} onChange={() => onToggle(row)} aria-label={t('popupSelect.pick', { n })} name={multiple ? undefined : `popup-${label}`} />
                    </Table.Td>
                    <Table.Td>{n}</Table.Td>
                    {columns.map((c) => <Table.Td key={c.value}>{cellText(row[c.value])}</Table.Td>)}
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {hasPage ? (
        <Group justify="flex-end" gap="xs" mt="sm">
          <Text size="sm" c="dimmed">{t('popupSelect.total', { total: state.total })}</Text>
          <Button size="xs" variant="default" disabled={query.page <= 1} onClick={() => setQuery({ ...query, page: query.page - 1 })} data-action="prev">{t('popupSelect.prev')}</Button>
          <Text size="sm" aria-live="polite">{t('popupSelect.page', { page: query.page, pages })}</Text>
          <Button size="xs" variant="default" disabled={query.page >= pages} onClick={() => setQuery({ ...query, page: query.page + 1 })} data-action="next">{t('popupSelect.next')}</Button>
        </Group>
      ) : null}
    </div>
  );
}
