import type { CompiledList } from './compiled';

/**
 * Page sizes of model lists, one definition for the compiler, the server and the pager.
 * A list offers the spec's sizes (platform 9: 20, 50, 100, 500) plus the model's own page size
 * (real exports say 30); a list without paging returns at most UNPAGED_LIMIT rows in one reply,
 * and its total still counts every row.
 */
export const PAGE_SIZES = [20, 50, 100, 500] as const;

/** The largest page a paged list serves; a model asking for more is compiled to this, with a warning. */
export const MAX_PAGE_SIZE = 500;

/** Rows a list without paging (hasPage false) returns in one reply. */
export const UNPAGED_LIMIT = 1000;

/** The page sizes a list accepts and its pager offers, ascending. */
export function pageSizesOf(list: Pick<CompiledList, 'hasPage' | 'pageSize'>): number[] {
  if (!list.hasPage) return [UNPAGED_LIMIT];
  return [...new Set<number>([...PAGE_SIZES, list.pageSize])].sort((a, b) => a - b);
}

/** The size of the first page of a list. */
export function firstPageSize(list: Pick<CompiledList, 'hasPage' | 'pageSize'>): number {
  return list.hasPage ? list.pageSize : UNPAGED_LIMIT;
}
