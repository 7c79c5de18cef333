/** Pure helpers over the category and entry trees the dictionary screen shows. */

export interface Node {
  id: string;
  fullName: string;
  children?: Node[];
}

/** Depth first. */
export function walk<T extends Node>(nodes: readonly T[], visit: (node: T, depth: number) => void, depth = 0): void {
  for (const node of nodes) {
    visit(node, depth);
    if (node.children?.length) walk(node.children as T[], visit, depth + 1);
  }
}

/** A category named by id or by enCode (option sources name dictionaries either way). */
export function findByIdOrCode<T extends Node & { enCode?: string }>(nodes: readonly T[], idOrCode: string): T | null {
  let found: T | null = null;
  walk(nodes, (n) => {
    if (!found && (n.id === idOrCode || n.enCode === idOrCode)) found = n;
  });
  return found;
}

export function findNode<T extends Node>(nodes: readonly T[], id: string | null): T | null {
  if (id === null) return null;
  let found: T | null = null;
  walk(nodes, (n) => {
    if (!found && n.id === id) found = n;
  });
  return found;
}

/** The ids of every node that has children (what "expand all" opens). */
export function parentIds(nodes: readonly Node[]): string[] {
  const ids: string[] = [];
  walk(nodes, (n) => {
    if (n.children?.length) ids.push(n.id);
  });
  return ids;
}

/**
 * The tree filtered by a substring of the name (case-insensitive): a node is kept when its
 * name matches (with all it holds) or when one of its descendants does (with the path to it).
 */
export function filterByName<T extends Node>(nodes: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...nodes];
  return nodes.flatMap((node) => {
    if (node.fullName.toLowerCase().includes(q)) return [node];
    const children = filterByName((node.children ?? []) as T[], q);
    return children.length ? [{ ...node, children }] : [];
  });
}

/** Spec 2.7: the table's expand/collapse toggle is shown only when every row has children. */
export function everyRowHasChildren(rows: readonly Node[]): boolean {
  return rows.length > 0 && rows.every((r) => (r.children?.length ?? 0) > 0);
}
