import { ActionIcon, Box, Group, Loader, Menu, ScrollArea, Text, TextInput, Tree, getTreeExpandedState, useTree, type TreeNodeData } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconDotsVertical, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../../app/i18n';
import type { CategoryNode } from '../../../app/api/dictionary';
import { filterByName } from './tree';

export interface CategoryTreeProps {
  categories: CategoryNode[];
  loading: boolean;
  selectedId: string | null;
  onSelect(id: string): void;
  onRefresh(): void;
  onManage(): void;
}

const toData = (nodes: CategoryNode[]): TreeNodeData[] => nodes.map((n) => ({ value: n.id, label: n.fullName, children: n.children?.length ? toData(n.children) : undefined }));

/**
 * The left side of the dictionary screen (spec 2.7): the category tree, filtered by a
 * substring of the name, and a menu with refresh, expand all, collapse all and category
 * management. A click (or Enter on the focused node) chooses the category the table lists;
 * the arrow keys move and open nodes (Mantine's tree).
 */
export function CategoryTree({ categories, loading, selectedId, onSelect, onRefresh, onManage }: CategoryTreeProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const data = useMemo(() => toData(filterByName(categories, query)), [categories, query]);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const seen = useRef(new Set<string>());
  // New nodes open (the product's tree opens all by default), and every node while searching so
  // each match shows; a node the user closed stays closed when the list reloads.
  useEffect(() => {
    const ids = Object.keys(getTreeExpandedState(data, '*'));
    const known = new Set(query.trim() ? [] : ids.filter((id) => seen.current.has(id)));
    ids.forEach((id) => seen.current.add(id));
    setExpanded((prev) => Object.fromEntries(ids.map((id) => [id, known.has(id) && id in prev ? prev[id]! : true])));
  }, [data]); // eslint-disable-line react-hooks/exhaustive-deps
  const tree = useTree({
    expandedState: expanded,
    onExpandedStateChange: setExpanded,
    selectedState: selectedId ? [selectedId] : [],
    onSelectedStateChange: (ids) => ids[0] && onSelect(ids[0]),
  });
  const chooseWithEnter = (event: KeyboardEvent<HTMLUListElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    if (event.key === 'Enter' && item?.dataset.value) {
      event.preventDefault();
      onSelect(item.dataset.value);
    }
  };

  return (
    <Box w={260} style={{ flex: '0 0 260px', borderRight: '1px solid var(--mantine-color-gray-3)' }} pr="sm" className="scp-dict-categories">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} component="h2" size="md" m={0}>
          {t('dictAdmin.categories')}
        </Text>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('dictAdmin.treeMenu')} data-action="category-menu">
              <IconDotsVertical size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={onRefresh} data-action="category-refresh">{t('dictAdmin.refresh')}</Menu.Item>
            <Menu.Item onClick={() => setExpanded(getTreeExpandedState(data, '*'))} data-action="category-expand-all">{t('dictAdmin.expandAll')}</Menu.Item>
            <Menu.Item onClick={() => setExpanded(getTreeExpandedState(data, []))} data-action="category-collapse-all">{t('dictAdmin.collapseAll')}</Menu.Item>
            <Menu.Item onClick={onManage} data-action="category-manage">{t('dictAdmin.manageCategories')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <TextInput
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        placeholder={t('dictAdmin.categorySearch')}
        aria-label={t('dictAdmin.categorySearchLabel')}
        leftSection={<IconSearch size={14} />}
        mb="xs"
        data-action="category-search"
      />
      <ScrollArea.Autosize mah="calc(100vh - 260px)" type="auto">
        {loading && !categories.length ? <Loader size="sm" m="sm" /> : null}
        {!loading && !data.length ? (
          <Text size="sm" p="xs">
            {t('dictAdmin.noData')}
          </Text>
        ) : null}
        <Tree
          data={data}
          tree={tree}
          selectOnClick
          expandOnClick={false}
          levelOffset="md"
          aria-label={t('dictAdmin.categories')}
          onKeyDown={chooseWithEnter}
          renderNode={({ node, expanded, hasChildren, selected, elementProps }) => (
            <Group gap={4} wrap="nowrap" {...elementProps} data-category={node.value} py={4} px={4} style={{ ...elementProps.style, borderRadius: 4, fontWeight: selected ? 600 : 400 }}>
              {hasChildren ? (
                // a pointer shortcut; the keyboard opens and closes with the arrow keys
                <span
                  aria-hidden
                  onClick={(e) => (e.stopPropagation(), tree.toggleExpanded(node.value))}
                  style={{ display: 'inline-flex', width: 16 }}
                  data-action="category-toggle"
                >
                  {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                </span>
              ) : (
                <span style={{ display: 'inline-block', width: 16 }} />
              )}
              <Text size="sm" component="span" truncate>
                {node.label}
              </Text>
            </Group>
          )}
        />
      </ScrollArea.Autosize>
    </Box>
  );
}
