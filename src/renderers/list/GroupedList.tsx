import { Table } from '@mantine/core';
import { Fragment } from 'react';
import type { CompiledColumn, CompiledModel } from '../../runtime/model/compiled';
import type { RecordRow } from '../data/provider';
import { ListCell } from './cells';
import { columnCount, ListFrame } from './ListFrame';
import { useListState, type ModelListProps } from './listState';
import { PlainRows } from './PlainList';

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

/** The column a group header shows its value with (option labels, dictionary names), even when the list does not show it. */
function groupColumn(model: CompiledModel, field: string): CompiledColumn {
  return (
    model.list.columns.find((c) => c.prop === field) ?? {
      prop: field, label: '', kind: model.form.fields[field]?.kind ?? null, align: 'left', width: null, fixed: null, sortable: false, permissionCode: field,
    }
  );
}

/** Grouped list (type 3): a header row per group value with its count on the page, then its rows. */
export function GroupedList(props: ModelListProps) {
  const state = useListState(props);
  const { model, list, rows } = state;
  const actions = state.rowButtons.length > 0;
  const field = list.groupField;
  const column = field ? groupColumn(model, field) : null;
  return (
    <ListFrame state={state} onAdd={props.onAdd} refs={state.records.data?.refs} actions={actions}>
      {field && column ? (
        groupRows(rows, field).map(([name, members]) => (
          <Fragment key={name}>
            <Table.Tr data-group={name} className="scp-list-group">
              <Table.Td colSpan={columnCount(state, actions)} fw={600}>
                {name ? <ListCell model={model} column={column} row={members[0]!} registry={state.registry} /> : '-'} ({members.length})
              </Table.Td>
            </Table.Tr>
            <PlainRows state={state} props={props} rows={members} />
          </Fragment>
        ))
      ) : (
        <PlainRows state={state} props={props} rows={rows} />
      )}
    </ListFrame>
  );
}
