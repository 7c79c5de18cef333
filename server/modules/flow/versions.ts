import type { Db } from '../../db';
import type { DbOrTrx } from '../dictionary/repository';
import type { FlowEngineRow } from '../../db/schema';
import { newId } from '../../db/ids';
import { readFlowTemplate, type FlowGraph, type RawFlowNode } from '../../../src/runtime/flow';

/**
 * Engine versions (migration 0035): saving a template writes a new version; a task runs the
 * version it started with. A version never changes once written, so its read graph is cached by
 * (engine, version) for the life of the process, on every process alike, with nothing to invalidate.
 */
const versions = new Map<string, { graph: FlowGraph; template: RawFlowNode }>();

/** A version's template as stored (read-only: shared by every caller) and its read graph. */
export async function versionAt(db: DbOrTrx, engineId: string, version: number): Promise<{ graph: FlowGraph; template: RawFlowNode }> {
  const key = `${engineId}:${version}`;
  const cached = versions.get(key);
  if (cached) return cached;
  const row = await db.selectFrom('flowEngineVersion').select('templateJson').where('engineId', '=', engineId).where('version', '=', version).executeTakeFirstOrThrow();
  const template = JSON.parse(row.templateJson) as RawFlowNode;
  const read = { graph: readFlowTemplate(template), template };
  if (versions.size > 2000) versions.clear();
  versions.set(key, read);
  return read;
}

export async function graphAt(db: DbOrTrx, engineId: string, version: number): Promise<FlowGraph> {
  return (await versionAt(db, engineId, version)).graph;
}

export type NewEngine = Pick<FlowEngineRow, 'enCode' | 'fullName'> & Partial<Pick<FlowEngineRow, 'id' | 'category' | 'modelId' | 'description' | 'sortCode' | 'enabledMark'>> & { template: RawFlowNode; by?: string | null };

/** Stores a new engine as version 1 of itself (engine row and version row in one transaction). */
export async function createEngine(db: Db, input: NewEngine, inside?: (trx: DbOrTrx, id: string) => Promise<void>): Promise<string> {
  const id = input.id ?? newId();
  const now = Date.now();
  const templateJson = JSON.stringify(input.template);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('flowEngine').values({
      id, enCode: input.enCode, fullName: input.fullName, category: input.category ?? null, modelId: input.modelId ?? null, description: input.description ?? null,
      templateJson, version: 1, sortCode: input.sortCode ?? 0, enabledMark: input.enabledMark ?? 1, createdAt: now, updatedAt: null,
    }).execute();
    await trx.insertInto('flowEngineVersion').values({ id: newId(), engineId: id, version: 1, templateJson, createdBy: input.by ?? null, createdAt: now }).execute();
    // what the caller writes with it (the audit row), in the same transaction
    await inside?.(trx, id);
  });
  return id;
}

/**
 * Saves a changed template as the engine's next version (the engine row locked by its guarded
 * version update, so two saves at once make two versions, never one lost). Running tasks keep theirs.
 */
export async function saveVersion(db: Db, engineId: string, template: RawFlowNode, by: string | null, inside?: (trx: DbOrTrx, version: number) => Promise<void>): Promise<number> {
  const templateJson = JSON.stringify(template);
  return db.transaction().execute(async (trx) => {
    const engine = await trx.selectFrom('flowEngine').select('version').where('id', '=', engineId).executeTakeFirstOrThrow();
    const next = engine.version + 1;
    const moved = await trx.updateTable('flowEngine').set({ version: next, templateJson, updatedAt: Date.now() }).where('id', '=', engineId).where('version', '=', engine.version).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new Error('engine version moved meanwhile');
    await trx.insertInto('flowEngineVersion').values({ id: newId(), engineId, version: next, templateJson, createdBy: by, createdAt: Date.now() }).execute();
    await inside?.(trx, next);
    return next;
  });
}
