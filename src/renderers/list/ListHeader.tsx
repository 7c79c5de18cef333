import { Checkbox, Table } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useRT } from '../i18n';
import { ACTIONS_STYLE, INDEX_STYLE } from './columns';
import { rowId, type ListState } from './listState';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The header row: select-all (batch delete), 序号, the shown columns (a sortable one cycles
 * ascending, descending, the model's order on each click) and 操作 when rows have buttons.
 */
export function ListHeader({ state, actions }: { state: ListState; actions: boolean }) {
  const t = useRT();
  const { rows, selected, query } = state;
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(rowId(r)));
  return (
    <Table.Thead>
      <Table.Tr>
        {state.batch ? (
          <Table.Th w={36}>
            <Checkbox size="xs" checked={allChecked} onChange={(e) => state.selectAll(e.currentTarget.checked)} aria-label="all" />
          </Table.Th>
        ) : null}
        <Table.Th style={INDEX_STYLE}>{t('renderers.index')}</Table.Th>
        {state.shown.map((c) => {
          const order = query.sort?.prop === c.prop ? query.sort.order : null;
          return (
            <Table.Th
              key={c.prop}
              style={{ textAlign: c.align, width: c.width ?? undefined, cursor: c.sortable ? 'pointer' : undefined, whiteSpace: 'nowrap' }}
              onClick={c.sortable ? () => state.sortBy(c.prop) : undefined}
              aria-sort={c.sortable ? (order ? ARIA_SORT[order] : 'none') : undefined}
              data-column={c.prop}
            >
              {c.label}
              {c.sortable ? order === 'asc' ? <IconArrowUp size={12} /> : order === 'desc' ? <IconArrowDown size={12} /> : <IconArrowsSort size={12} opacity={0.4} /> : null}
            </Table.Th>
          );
        })}
        {actions ? <Table.Th style={ACTIONS_STYLE}>{t('renderers.actions')}</Table.Th> : null}
      </Table.Tr>
    </Table.Thead>
  );
}
