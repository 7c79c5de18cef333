import { NavLink, ScrollArea, Text } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import type { CompiledList, CompiledModel } from '../../runtime/model/compiled';
import { useDataProvider, type DictionaryEntry } from '../data/provider';
import { dictionaryQuery } from '../data/queries';
import { LocaleContext, useRT } from '../i18n';

/**
 * Which entry key the relation field stores: its own dictionary source's value key (a
 * dictionary select usually stores enCode), else the entry id.
 */
export function treeValueKey(model: CompiledModel): string {
  const field = model.list.tree?.relationField ? model.form.fields[model.list.tree.relationField] : undefined;
  return field?.options?.from === 'dictionary' ? field.options.valueKey || 'id' : 'id';
}

/** An entry's value and the values of all its descendants: choosing 钢材 lists 螺纹钢 and 线材 too. */
export function subtreeValues(entry: DictionaryEntry, valueKey: string): string[] {
  const own = entry[valueKey] ?? entry.id;
  return [String(own), ...(entry.children ?? []).flatMap((c) => subtreeValues(c, valueKey))];
}

/**
 * The left tree of a tree + table list (type 2): 全部 and the entries of the configured
 * dictionary. Choosing a node filters the table on the relation field by that node's subtree
 * (the server matches any of the values); choosing it again, or 全部, clears the filter.
 */
export function ListTree({ tree, valueKey, selected, onSelect }: {
  tree: NonNullable<CompiledList['tree']>;
  valueKey: string;
  selected: string | null;
  onSelect(node: { value: string; values: string[] } | null): void;
}) {
  const t = useRT();
  // the same cached query as the relation field's options: one request for the tree and the column
  const query = dictionaryQuery(useDataProvider(), useContext(LocaleContext), tree.dictionary ?? '', true);
  const entries = useQuery({ ...query, queryFn: tree.dictionary ? query.queryFn : skipToken });
  const node = (e: DictionaryEntry) => {
    const value = String(e[valueKey] ?? e.id);
    return (
      <NavLink
        key={e.id}
        label={e.fullName}
        active={selected === value}
        onClick={() => onSelect(selected === value ? null : { value, values: subtreeValues(e, valueKey) })}
        // always open: a click chooses the node, it does not fold its children away
        opened
        childrenOffset={12}
        data-tree-node={value}
      >
        {e.children?.length ? e.children.map(node) : undefined}
      </NavLink>
    );
  };
  const list: DictionaryEntry[] = entries.data ?? [];
  const settled = !tree.dictionary || !entries.isPending;
  return (
    <div style={{ width: 220, flex: '0 0 220px', borderRight: '1px solid #e9ecef' }} className="scp-list-tree">
      <Text fw={600} p="xs">{tree.title || t('renderers.tree')}</Text>
      <ScrollArea h={500}>
        {list.length ? <NavLink label={t('renderers.treeAll')} active={selected === null} onClick={() => onSelect(null)} data-tree-node="" /> : null}
        {list.map(node)}
        {settled && !list.length ? <Text c="dimmed" size="sm" p="xs">{t('renderers.noData')}</Text> : null}
      </ScrollArea>
    </div>
  );
}
