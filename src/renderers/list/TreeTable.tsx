import { ActionIcon, Button, Loader, Table } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useMemo, type ReactNode } from 'react';
import type { CompiledButton } from '../../runtime/model/compiled';
import { useDataProvider, type RecordRow } from '../data/provider';
import { mergeRefs } from '../format';
import { useRT } from '../i18n';
import { columnCount, ListFrame } from './ListFrame';
import { ListRow } from './ListRow';
import { rowId, useListState, type ModelListProps } from './listState';
import { rowHandlers } from './PlainList';
import { RowActions } from './RowActions';
import { useTreeChildren } from './useTreeChildren';

/** 添加下级: beside the row buttons for whoever may add. */
const ADD_CHILD: CompiledButton = { value: 'addChild', label: '', icon: null, permissionCode: 'btn_add' };

/**
 * Tree table (type 5): the top level is the paged list; a row with children expands to load
 * them (a page of 100 at a time, "load more" for the rest), indented under it. The names their
 * values reference come with each reply and are merged for the cells.
 */
export function TreeTable(props: ModelListProps) {
  const t = useRT();
  const state = useListState(props);
  const children = useTreeChildren(state.model.id, useDataProvider(), state.body, state.reloadSignal);
  const refs = useMemo(() => Object.values(children.nodes).reduce((all, node) => mergeRefs(all, node.refs), state.records.data?.refs ?? {}), [state.records.data, children.nodes]);
  const { onAddChild } = props;
  const buttons = [...(state.canAdd && onAddChild ? [ADD_CHILD] : []), ...state.rowButtons];
  const on = rowHandlers(state, props, onAddChild ? { addChild: (row) => (children.expand(rowId(row), true), onAddChild(row)) } : {});
  const width = columnCount(state, buttons.length > 0);

  const row = (record: RecordRow, index: number, depth: number): ReactNode => {
    const id = rowId(record);
    const node = children.nodes[id];
    const open = !!node?.open;
    const toggle = record.hasChildren ? (
      <ActionIcon size="xs" variant="subtle" onClick={() => children.expand(id, !open)} aria-label={t(open ? 'renderers.collapse' : 'renderers.expand')} data-action="expand" aria-expanded={open} mr={4}>
        {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
      </ActionIcon>
    ) : (
      <span style={{ display: 'inline-block', width: 22 }} />
    );
    return (
      <Fragment key={id || index}>
        <ListRow state={state} row={record} number={depth ? null : state.numberOf(index)} depth={depth} toggle={toggle} actions={buttons.length ? <RowActions buttons={buttons} row={record} on={on} /> : null} />
        {open && node ? (
          <>
            {node.rows.map((child, i) => row(child, i, depth + 1))}
            {node.loading || node.rows.length < node.total ? (
              <Table.Tr data-children-of={id}>
                <Table.Td colSpan={width} style={{ paddingLeft: (depth + 1) * 20 + 10 }}>
                  {node.loading ? (
                    <Loader size="xs" />
                  ) : (
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

  return (
    <ListFrame state={state} onAdd={props.onAdd} refs={refs} actions={buttons.length > 0}>
      {state.rows.map((record, i) => row(record, i, 0))}
    </ListFrame>
  );
}
