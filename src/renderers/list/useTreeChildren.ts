import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefNames } from '../../runtime/kinds';
import type { DataProvider, RecordRow } from '../data/provider';
import { mergeRefs } from '../format';

export interface ChildNode {
  open: boolean;
  loading: boolean;
  rows: RecordRow[];
  total: number;
  page: number;
  refs?: RefNames;
}

const CHILD_PAGE = 100;

/**
 * Children of a tree table's rows (type 5), loaded from the server when a row is expanded
 * (`parentId`, one page of 100 at a time, in the list's sort order). A change of search or sort
 * closes every row; a reload (after a save or delete) loads the open rows again.
 */
export function useTreeChildren(modelId: string, provider: DataProvider, body: Record<string, unknown>, reloadKey: string) {
  const [nodes, setNodes] = useState<Record<string, ChildNode>>({});
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;
  const sort = { sidx: body.sidx, sort: body.sort };
  const sortKey = JSON.stringify(sort);
  const load = useCallback(
    async (id: string, page: number, keep: RecordRow[]) => {
      setNodes((n) => ({ ...n, [id]: { ...n[id], total: n[id]?.total ?? 0, rows: keep.length ? keep : (n[id]?.rows ?? []), page, open: true, loading: true } }));
      try {
        const reply = await provider.listRecords(modelId, { ...JSON.parse(sortKey), parentId: id, currentPage: page, pageSize: CHILD_PAGE });
        const got = reply?.list ?? [];
        setNodes((n) => (n[id] ? { ...n, [id]: { ...n[id]!, rows: [...keep, ...got], total: reply?.pagination?.total ?? got.length, page, loading: false, refs: mergeRefs(n[id]!.refs ?? {}, reply?.refs) } } : n));
      } catch {
        setNodes((n) => (n[id] ? { ...n, [id]: { ...n[id]!, loading: false } } : n));
      }
    },
    [modelId, provider, sortKey],
  );
  // a new search or sort starts from closed rows
  const bodyKey = JSON.stringify(body);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return;
    setNodes({});
  }, [bodyKey]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    for (const [id, node] of Object.entries(nodesRef.current)) if (node.open) void load(id, 1, []);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reloadKey]);
  return {
    nodes,
    expand(id: string, open: boolean) {
      if (!open) setNodes((n) => (n[id] ? { ...n, [id]: { ...n[id]!, open: false } } : n));
      else void load(id, 1, []);
    },
    more(id: string) {
      const node = nodesRef.current[id];
      if (node && !node.loading) void load(id, node.page + 1, node.rows);
    },
  };
}
