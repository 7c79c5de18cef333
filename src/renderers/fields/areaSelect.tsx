import { Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useRT } from '../i18n';
import { pickerRenderer, type LeftPaneProps } from './shared/pickers/Picker';
import { PickerTree } from './shared/pickers/PickerTree';
import { pickerCalls } from './shared/pickers/calls';
import { isLeafAtLevel, type PickedItem, type PickerNode } from './shared/pickers/selection';

/** The item of a division: the code path from the province down, named with '/'. */
const pathItem = (node: PickerNode, path: readonly PickerNode[]): PickedItem => {
  const ids = [...path.map((p) => p.id), node.id];
  return { key: ids.join('/'), value: ids, label: [...path.map((p) => p.fullName), node.fullName].join('/') };
};

/**
 * 省市区域 (widgets spec 2.4, 4 "Address tree"): provinces, cities and districts from
 * /api/system/Area, loaded a level at a time; a node at the configured level (`level`, default 2:
 * districts) is a leaf and only leaves are picked; multiple mode refuses a path already chosen. A
 * keyword (name, code or initials) asks the server's area search and shows the paths to the matches.
 */
function AreaLeft({ data, props, multiple, draft, onPick, refuse, keyword }: LeftPaneProps) {
  const t = useRT();
  const [roots, setRoots] = useState<PickerNode[] | null>(null);
  const asked = keyword.trim();
  useEffect(() => {
    let live = true;
    setRoots(null);
    (asked ? pickerCalls.areaSearch(data, asked) : pickerCalls.areas(data, '-1')).then(
      (list) => live && setRoots(list),
      () => live && setRoots([]),
    );
    return () => {
      live = false;
    };
  }, [data, asked]);
  if (roots === null) return <Loader size="sm" m="sm" />;
  // A search answers the path to each match: those levels are shown open; below a match, lazily.
  const shown = asked ? cutAtLevel(roots, props.level) : roots;
  const found = asked ? searchLevels(shown) : undefined;
  const keys = new Set(draft.map((d) => d.key));
  const leaf = (node: PickerNode, path: readonly PickerNode[]) => isLeafAtLevel(path.length, props.level) || node.hasChildren === false || node.isLeaf === true;
  return (
    <PickerTree
      key={asked}
      nodes={shown}
      preloaded={found}
      initiallyExpanded={found ? [...found.keys()] : undefined}
      loadChildren={(node) => pickerCalls.areas(data, node.id)}
      expandable={(node, path) => !leaf(node, path)}
      selectable={leaf}
      chosen={(node, path) => keys.has(pathItem(node, path).key)}
      onPick={(node, path) => {
        const item = pathItem(node, path);
        if (multiple && keys.has(item.key)) refuse(t('pickers.duplicatePath'));
        else onPick(item);
      }}
    />
  );
}

/** A search's paths stop at the configured level: a street found shows as its district, to pick. */
export function cutAtLevel(nodes: readonly PickerNode[], level: unknown, depth = 0): PickerNode[] {
  return nodes.map((n) => ({ ...n, children: isLeafAtLevel(depth, level) ? [] : cutAtLevel(n.children ?? [], level, depth + 1) }));
}

/** The levels a search brought: each node with children answered, by its id. */
export function searchLevels(nodes: readonly PickerNode[], into = new Map<string, PickerNode[]>()): Map<string, PickerNode[]> {
  for (const n of nodes) {
    if (n.children?.length) {
      into.set(n.id, n.children);
      searchLevels(n.children, into);
    }
  }
  return into;
}

export const areaSelectRenderer = pickerRenderer<'areaSelect'>({ titleKey: 'pickers.title.area', paths: true, Left: AreaLeft });
