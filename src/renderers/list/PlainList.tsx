import { useMemo, useState } from 'react';
import type { RecordRow } from '../data/provider';
import { InlineRow } from './InlineRow';
import { ListFrame } from './ListFrame';
import { ListRow } from './ListRow';
import { rowId, useListState, type ListState, type ModelListProps } from './listState';
import { RowActions, type RowHandlers } from './RowActions';

/** The row buttons of a list: 编辑 and 详情 go to the page, 删除 asks first; `extra` replaces or adds handlers. */
export function rowHandlers(state: ListState, props: ModelListProps, extra: RowHandlers = {}): RowHandlers {
  return {
    edit: (row) => props.onEdit?.(row),
    remove: (row) => state.askDelete([rowId(row)], true),
    detail: (row) => props.onDetail?.(row),
    ...props.rowActions,
    ...extra,
  };
}

/**
 * Rows numbered by their place on the page. In an inline-editable list (type 4) 编辑 turns the
 * row into its fields' widgets (InlineRow) instead of opening the form.
 */
export function PlainRows({ state, props, rows }: { state: ListState; props: ModelListProps; rows: RecordRow[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  const inline = state.list.type === 4;
  const on = rowHandlers(state, props, inline ? { edit: (row) => setEditing(rowId(row)) } : {});
  const place = useMemo(() => new Map(state.rows.map((row, i) => [row, i])), [state.rows]);
  const actions = state.rowButtons.length > 0;
  return rows.map((row) => {
    const id = rowId(row);
    const index = place.get(row) ?? 0;
    if (inline && editing === id)
      return (
        <InlineRow
          key={id}
          model={state.model}
          row={row}
          columns={state.shown}
          leading={(state.batch ? 1 : 0) + 1}
          trailing={actions}
          registry={state.registry}
          onDone={(saved) => (setEditing(null), saved && state.reload())}
        />
      );
    return <ListRow key={id || index} state={state} row={row} number={state.numberOf(index)} actions={actions ? <RowActions buttons={state.rowButtons} row={row} on={on} /> : null} />;
  });
}

/** Plain list (type 1) and inline-editable list (type 4). */
export function PlainList(props: ModelListProps) {
  const state = useListState(props);
  return (
    <ListFrame state={state} onAdd={props.onAdd} refs={state.records.data?.refs} actions={state.rowButtons.length > 0}>
      <PlainRows state={state} props={props} rows={state.rows} />
    </ListFrame>
  );
}
