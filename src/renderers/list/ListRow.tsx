import { Checkbox, Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RecordRow } from '../data/provider';
import { ListCell } from './cells';
import { ACTIONS_STYLE, cellStyle, INDEX_STYLE } from './columns';
import { rowId, type ListState } from './listState';

export interface ListRowProps {
  state: ListState;
  row: RecordRow;
  /** The number in the 序号 column; null leaves it empty (children in a tree table). */
  number: number | null;
  /** Tree table: the row's depth (indents the first cell) and its expand toggle. */
  depth?: number;
  toggle?: ReactNode;
  /** The row's buttons; null when no row has any (no 操作 column). */
  actions: ReactNode | null;
}

/** One record as a table row: selection, 序号, a cell per shown column, 操作. */
export function ListRow({ state, row, number, depth, toggle, actions }: ListRowProps) {
  const id = rowId(row);
  const { model, shown, registry } = state;
  return (
    <Table.Tr data-row-id={id} data-depth={depth}>
      {state.batch ? (
        <Table.Td>
          <Checkbox size="xs" checked={state.selected.has(id)} onChange={(e) => state.select(id, e.currentTarget.checked)} aria-label={id} />
        </Table.Td>
      ) : null}
      <Table.Td style={INDEX_STYLE}>{number ?? ''}</Table.Td>
      {shown.map((c, i) => {
        const first = i === 0 && toggle;
        const style = { ...cellStyle(model, c), ...(i === 0 && depth ? { paddingLeft: depth * 20 + 10 } : {}), ...(first ? { whiteSpace: 'nowrap' as const } : {}) };
        const content = <ListCell model={model} column={c} row={row} registry={registry} />;
        return (
          <Table.Td key={c.prop} style={style} data-cell={c.prop}>
            {first ? (
              <Group gap={0} wrap="nowrap" display="inline-flex" style={{ verticalAlign: 'middle' }}>
                {toggle}
                {content}
              </Group>
            ) : (
              content
            )}
          </Table.Td>
        );
      })}
      {actions ? <Table.Td style={ACTIONS_STYLE}>{actions}</Table.Td> : null}
    </Table.Tr>
  );
}
