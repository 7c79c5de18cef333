import type { AreaRow } from '../../../db/schema';
import type { DbOrTrx } from '../../dictionary/repository';
import { idsWithChildren, searchAreas, withAncestorRows } from './repository';
import { keywordInStoredScript } from './names';
import { areaNode } from './schemas';

/** Matches a keyword search returns at most (with their ancestors); the set has ~3,800 rows. */
export const SEARCH_LIMIT = 200;

type Node = ReturnType<typeof areaNode> & { children: Node[] };

const byOrder = (a: AreaRow, b: AreaRow) => Number(a.sortCode) - Number(b.sortCode) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A keyword search over every division below `rootId` ('-1': all): the matches with their
 * ancestor path as a tree whose top level is `rootId`'s children. Each node keeps its real
 * `hasChildren`, so a match can still be opened lazily past what matched.
 */
export async function searchTree(db: DbOrTrx, rootId: string, keyword: string, name: (s: string) => string): Promise<Node[]> {
  const matches = await searchAreas(db, await keywordInStoredScript(keyword), SEARCH_LIMIT);
  const rows = await withAncestorRows(db, matches);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const isBelowRoot = (r: AreaRow): boolean => {
    let parentId = r.parentId;
    for (let depth = 0; depth < 16; depth++) {
      if (parentId === rootId) return true;
      const parent = byId.get(parentId);
      if (!parent) return false;
      parentId = parent.parentId;
    }
    return false;
  };
  const kept = rootId === '-1' ? rows : rows.filter(isBelowRoot);
  const parents = await idsWithChildren(db, kept.map((r) => r.id));
  const nodes = new Map<string, Node>(kept.map((r) => [r.id, areaNode({ ...r, hasChildren: parents.has(r.id) }, name) as Node]));
  const roots: Node[] = [];
  for (const r of [...kept].sort(byOrder)) {
    const node = nodes.get(r.id)!;
    if (r.parentId === rootId) roots.push(node);
    else nodes.get(r.parentId)?.children.push(node);
  }
  return roots;
}
