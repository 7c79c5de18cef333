import { Group } from '@mantine/core';
import { ListFrame } from './ListFrame';
import { useListState, type ModelListProps } from './listState';
import { ListTree, treeValueKey } from './ListTree';
import { PlainRows } from './PlainList';

/**
 * Tree + table (type 2): the left tree's dictionary (treeDictionary, else the relation field's
 * own dictionary) beside the list; a node filters the list by the relation field.
 */
export function TreeFilterList(props: ModelListProps) {
  const state = useListState(props);
  const { model, list, query } = state;
  const tree = list.tree!;
  const relation = tree.relationField ? model.form.fields[tree.relationField] : undefined;
  const source = !tree.dictionary && relation?.options?.from === 'dictionary' ? { ...tree, dictionary: relation.options.dictionaryType } : tree;
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <ListTree tree={source} valueKey={treeValueKey(model)} selected={query.tree?.value ?? null} onSelect={(node) => state.setQuery((q) => ({ ...q, tree: node, currentPage: 1 }))} />
      <ListFrame state={state} onAdd={props.onAdd} refs={state.records.data?.refs} actions={state.rowButtons.length > 0}>
        <PlainRows state={state} props={props} rows={state.rows} />
      </ListFrame>
    </Group>
  );
}
