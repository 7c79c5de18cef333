import { GroupedList } from './GroupedList';
import type { ModelListProps } from './listState';
import { PlainList } from './PlainList';
import { TreeFilterList } from './TreeFilterList';
import { TreeTable } from './TreeTable';

export type { ModelListProps } from './listState';
export { groupRows } from './GroupedList';

/**
 * The model's list (spec platform 6, 9), drawn by its type: plain (1) and inline-editable (4),
 * tree + table (2), grouped (3), tree table (5). Every type shares the search bar, sortable
 * header, toolbar, paging, column settings and gated buttons (ListFrame, listState).
 */
export function ModelList(props: ModelListProps) {
  const { list } = props.model;
  if (list.type === 2 && list.tree) return <TreeFilterList {...props} />;
  if (list.type === 3) return <GroupedList {...props} />;
  if (list.type === 5) return <TreeTable {...props} />;
  return <PlainList {...props} />;
}
