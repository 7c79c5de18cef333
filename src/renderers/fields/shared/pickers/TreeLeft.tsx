import { Loader } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { DataProvider } from '../../../data/provider';
import type { LeftPaneProps } from './Picker';
import { PickerTree } from './PickerTree';
import { filterTree, type PickedItem, type PickerNode } from './selection';

export interface TreeSource {
  /** The whole tree for a tab (small trees: organisations, positions, roles, groups). */
  load(data: DataProvider, props: Record<string, unknown>, tab: string): Promise<PickerNode[]>;
  selectable(node: PickerNode, path: readonly PickerNode[], props: Record<string, unknown>): boolean;
  toItem(node: PickerNode, path: readonly PickerNode[]): PickedItem;
}

/** The left pane over a tree loaded whole: a keyword filters it, keeping the path to each match. */
export function treeLeft(source: TreeSource): (props: LeftPaneProps) => ReactNode {
  return function TreeLeft({ data, props, draft, onPick, keyword, tab }: LeftPaneProps) {
    const [nodes, setNodes] = useState<PickerNode[] | null>(null);
    useEffect(() => {
      let live = true;
      setNodes(null);
      source.load(data, props, tab).then(
        (list) => live && setNodes(list),
        () => live && setNodes([]), // a failed fetch stops the loader, no message (widgets spec 8)
      );
      return () => {
        live = false;
      };
      // props are the compiled field's, stable while the dialog is open
    }, [data, tab]);
    if (nodes === null) return <Loader size="sm" m="sm" />;
    const shown = filterTree(nodes, keyword);
    const keys = new Set(draft.map((d) => d.key));
    return (
      <PickerTree
        key={`${tab}:${keyword}`}
        nodes={shown}
        initiallyExpanded={keyword ? allIds(shown) : shown.slice(0, 1).map((n) => n.id)}
        selectable={(node, path) => source.selectable(node, path, props)}
        chosen={(node, path) => keys.has(source.toItem(node, path).key)}
        onPick={(node, path) => onPick(source.toItem(node, path))}
      />
    );
  };
}

function allIds(nodes: readonly PickerNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);
}

/** The plain item of an id picker: the node's id and name. */
export const idItem = (node: PickerNode): PickedItem => ({ key: node.id, value: node.id, label: node.fullName });

/** Keeps only the given ids (custom mode) and the folders on the way to them. */
export function onlyIds(nodes: readonly PickerNode[], ids: readonly string[] | undefined, leafType: string): PickerNode[] {
  if (!ids) return [...nodes];
  const wanted = new Set(ids);
  const keep = (list: readonly PickerNode[]): PickerNode[] =>
    list.flatMap((n) => {
      const children = keep(n.children ?? []);
      if (n.type === leafType) return wanted.has(n.id) ? [{ ...n, children }] : [];
      return children.length ? [{ ...n, children }] : [];
    });
  return keep(nodes);
}
