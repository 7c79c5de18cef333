import { NavLink, ScrollArea, Text } from '@mantine/core';
import type { CompiledList } from '../../runtime/model/compiled';
import { useAsync } from '../data/hooks';
import type { DictionaryEntry } from '../data/provider';
import { useRT } from '../i18n';

/** The left tree of a tree + table list (type 2): entries of the configured dictionary. */
export function ListTree({ tree, selected, onSelect }: { tree: NonNullable<CompiledList['tree']>; selected: string | null; onSelect(id: string | null): void }) {
  const t = useRT();
  const entries = useAsync<DictionaryEntry[]>(tree.dictionary ? (p) => p.dictionary(tree.dictionary!, true).catch(() => []) : null, [tree.dictionary]);
  const node = (e: DictionaryEntry) => (
    <NavLink key={e.id} label={e.fullName} active={selected === e.id} onClick={() => onSelect(selected === e.id ? null : e.id)} defaultOpened childrenOffset={12} data-tree-node={e.id}>
      {e.children?.length ? e.children.map(node) : undefined}
    </NavLink>
  );
  return (
    <div style={{ width: 220, flex: '0 0 220px', borderRight: '1px solid #e9ecef' }} className="scp-list-tree">
      <Text fw={600} p="xs">{tree.title || t('renderers.tree')}</Text>
      <ScrollArea h={500}>
        {(entries.data ?? []).map(node)}
        {!entries.loading && !(entries.data ?? []).length ? <Text c="dimmed" size="sm" p="xs">{t('renderers.noData')}</Text> : null}
      </ScrollArea>
    </div>
  );
}
