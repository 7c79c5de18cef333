import { Box, Group, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { EntryNode } from '../../../app/api/dictionary';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { CategoryDrawer } from './CategoryDrawer';
import { CategoryTree } from './CategoryTree';
import { EntryDialog } from './EntryDialog';
import { EntryTable } from './EntryTable';
import { useCategories } from './queries';
import { findByIdOrCode, findNode } from './tree';

/**
 * Dictionary management (spec 2.7, route name systemData-dictionary): the category tree on the
 * left, the chosen category's entries on the right, the category drawer and the two dialogs.
 * Hand-written, not a schemas/admin descriptor: see docs/ARCHITECTURE.md, "Hand-written admin
 * screens". On first load the first category is chosen; when the chosen one disappears (deleted
 * in the drawer) the first one is chosen again. `category` (an id or enCode) is chosen first when
 * the screen opens inside a dictionary selector's add dialog (widgets spec 2.6).
 */
export default function DictionaryPage({ category }: PageProps & { category?: string }) {
  const t = useT();
  const categories = useCategories();
  const list = useMemo(() => categories.data ?? [], [categories.data]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [drawer, setDrawer] = useState(false);
  const selected = findNode(list, selectedId);
  useEffect(() => {
    if (selected || !list.length) return;
    const asked = category ? findByIdOrCode(list, category) : null;
    setSelectedId(asked?.id ?? list[0]!.id);
  }, [selected, list, category]);

  return (
    <Group align="flex-start" wrap="nowrap" gap="md" p="md" className="scp-dictionary-page" data-page="systemData-dictionary">
      <CategoryTree
        categories={list}
        loading={categories.isFetching}
        selectedId={selected?.id ?? null}
        onSelect={setSelectedId}
        onRefresh={() => void categories.refetch()}
        onManage={() => setDrawer(true)}
      />
      <Box style={{ flex: 1, minWidth: 0 }}>
        {selected ? (
          // a new category starts from an empty keyword
          <EntryTable key={selected.id} category={selected} onAdd={() => setEditing({ id: null })} onEdit={(entry: EntryNode) => setEditing({ id: entry.id })} />
        ) : (
          <Text size="sm" p="md">
            {categories.isFetching ? '' : t('dictAdmin.noCategory')}
          </Text>
        )}
      </Box>
      {editing && selected ? <EntryDialog category={selected} entryId={editing.id} onClose={() => setEditing(null)} /> : null}
      <CategoryDrawer opened={drawer} onClose={() => setDrawer(false)} />
    </Group>
  );
}
