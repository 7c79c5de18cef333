import { ActionIcon, Box, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useRT } from '../../../i18n';
import type { PickerNode } from './selection';

export interface PickerTreeProps {
  nodes: readonly PickerNode[];
  /** Children of a node not loaded yet (lazy trees); absent: children come with the nodes. */
  loadChildren?(node: PickerNode, path: readonly PickerNode[]): Promise<PickerNode[]>;
  /** Whether a node has children to show (lazy trees know before loading). */
  expandable?(node: PickerNode, path: readonly PickerNode[]): boolean;
  selectable(node: PickerNode, path: readonly PickerNode[]): boolean;
  onPick(node: PickerNode, path: readonly PickerNode[]): void;
  chosen(node: PickerNode, path: readonly PickerNode[]): boolean;
  /** Ids expanded at first (the first root, widgets spec 2.1). */
  initiallyExpanded?: readonly string[];
  /** Children of lazy nodes already fetched (the first root's level, fetched with the top). */
  preloaded?: ReadonlyMap<string, PickerNode[]>;
}

/**
 * A tree of buttons: each node's name picks it (when selectable) or opens it, a chevron before it
 * opens and closes it. Plain buttons keep every node reachable by Tab and named for screen readers.
 */
export function PickerTree(props: PickerTreeProps) {
  const t = useRT();
  if (props.nodes.length === 0) return <Text c="dimmed" size="sm" p="sm" data-picker-empty>{t('pickers.empty')}</Text>;
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {props.nodes.map((node) => (
        <TreeRow key={`${node.type}:${node.id}`} node={node} path={[]} tree={props} />
      ))}
    </Box>
  );
}

function TreeRow({ node, path, tree }: { node: PickerNode; path: readonly PickerNode[]; tree: PickerTreeProps }) {
  const t = useRT();
  const here = [...path, node];
  const [open, setOpen] = useState(() => (tree.initiallyExpanded ?? []).includes(node.id));
  const [loaded, setLoaded] = useState<PickerNode[] | null>(() => (tree.loadChildren ? (tree.preloaded?.get(node.id) ?? null) : (node.children ?? [])));
  const [loading, setLoading] = useState(false);
  const canOpen = tree.expandable ? tree.expandable(node, path) : (node.children?.length ?? 0) > 0;
  const selectable = tree.selectable(node, path);
  const chosen = tree.chosen(node, path);

  const toggle = async () => {
    if (loading) return; // a second click while the children load would fetch them twice
    if (!open && loaded === null && tree.loadChildren) {
      setLoading(true);
      try {
        setLoaded(await tree.loadChildren(node, path));
      } catch {
        setLoaded([]); // a failed fetch stops the loader, no message (widgets spec 8)
      } finally {
        setLoading(false);
      }
    }
    setOpen(!open);
  };
  // A lazy root expanded at first loads as soon as it shows.
  useEffect(() => {
    if (!open || loaded !== null || !tree.loadChildren) return;
    setLoading(true);
    tree
      .loadChildren(node, path)
      .then(setLoaded, () => setLoaded([]))
      .finally(() => setLoading(false));
  }, []);

  return (
    <li>
      <Group gap={4} wrap="nowrap" pl={path.length * 16} data-picker-node={node.id} data-picker-type={node.type}>
        {canOpen ? (
          <ActionIcon size="sm" variant="subtle" color="gray" onClick={() => void toggle()} aria-expanded={open} aria-busy={loading || undefined} aria-label={t(open ? 'pickers.collapse' : 'pickers.expand', { name: node.fullName })}>
            {loading ? <Loader size={12} /> : open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <Box w={22} />
        )}
        <UnstyledButton
          onClick={() => (selectable ? tree.onPick(node, path) : canOpen ? void toggle() : undefined)}
          aria-pressed={selectable ? chosen : undefined}
          px={6}
          py={2}
          style={{ borderRadius: 4, background: chosen ? 'var(--mantine-color-blue-light)' : undefined, color: selectable || canOpen ? undefined : 'var(--mantine-color-dimmed)' }}
        >
          <Text size="sm">{node.fullName}</Text>
        </UnstyledButton>
      </Group>
      {open && loaded?.length ? (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {loaded.map((child) => (
            <TreeRow key={`${child.type}:${child.id}`} node={child} path={here} tree={tree} />
          ))}
        </Box>
      ) : null}
    </li>
  );
}
