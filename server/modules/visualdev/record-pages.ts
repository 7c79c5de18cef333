import type { Db } from '../../db';
import { Generation, invalidationOf, keyed } from '../../cache/invalidation';

/**
 * Pages of lists without filters, keyword or data scope (a list opened, paged, sorted; the same
 * rows for every caller: columns and buttons are filtered per caller afterwards), kept per
 * database handle by model and page until a committed write to the model's records: their
 * documents, index rows, text rows or count (server/cache/invalidation.ts), of that model when
 * the statement names it, of every model otherwise. On PostgreSQL a page read is a round trip
 * and half a millisecond of the database's CPU (bench/README.md, request cost); a list is read
 * far more often than written. Only pages of at most PAGE_ROWS_LIMIT rows are kept.
 */
export const RECORD_TABLES = ['visualdev_record', 'visualdev_record_value', 'visualdev_record_text', 'visualdev_record_count', 'visualdev_record_scope_count'];
const PAGES_LIMIT = 2_000;
export const PAGE_ROWS_LIMIT = 100;

class Pages<V> {
  readonly byModel = new Map<string, Map<string, V>>();
  readonly generation = new Generation();
  size = 0;

  clear(): void {
    this.generation.bump();
    this.byModel.clear();
    this.size = 0;
  }

  dropModel(modelId: string): void {
    this.generation.bump();
    this.size -= this.byModel.get(modelId)?.size ?? 0;
    this.byModel.delete(modelId);
  }
}

const handles = new WeakMap<object, Pages<unknown>>();

function pagesOf<V>(db: Db): Pages<V> | undefined {
  let pages = handles.get(db) as Pages<V> | undefined;
  if (pages) return pages;
  const bus = invalidationOf(db);
  if (!bus) return undefined;
  const kept = new Pages<V>();
  bus.subscribe(RECORD_TABLES, (change) => {
    const models = keyed(change, 'model_id');
    if (!models) return kept.clear();
    for (const model of models) kept.dropModel(String(model));
  });
  bus.onFlushAll(() => kept.clear());
  handles.set(db, kept as Pages<unknown>);
  pages = kept;
  return pages;
}

/** The kept page of `modelId` under `key`, else `load()`'s (kept unless a change overtook it). */
export async function keptPage<V>(db: Db, modelId: string, key: string, load: () => Promise<V>): Promise<V> {
  const pages = pagesOf<V>(db);
  const hit = pages?.byModel.get(modelId)?.get(key);
  if (hit !== undefined) return hit;
  const mark = pages?.generation.begin() ?? 0;
  const value = await load();
  if (pages?.generation.fresh(mark)) {
    if (pages.size >= PAGES_LIMIT) pages.clear();
    const model = pages.byModel.get(modelId) ?? new Map<string, V>();
    pages.byModel.set(modelId, model);
    if (!model.has(key)) pages.size += 1;
    model.set(key, value);
  }
  return value;
}
