import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { readTranslations } from '../../../src/runtime/i18n/texts';
import type { CompileProblem } from '../../../src/runtime/model/compiled';
import { compileDescriptor, errorsOf, type ModelDescriptor } from './compiler';
import { definitionHash } from './model-store';
import { indexSignature, reindexModel } from './record-store';

/**
 * Model descriptors in <schemasDir>/models/*.json are loaded at start and upserted into
 * base_visualdev as released rows that record their file name; an unchanged file (same
 * SHA-256) is skipped, a changed one updates its row. A file that fails to compile leaves its
 * row as it was and is reported. A row whose file is gone is removed when it has no records,
 * else kept and detached (it becomes a designer model).
 */
export interface SyncOutcome {
  file: string;
  id: string | null;
  status: 'unchanged' | 'created' | 'updated' | 'failed';
  problems: CompileProblem[];
}

export const modelsDirOf = (schemasDir: string) => path.join(schemasDir, 'models');

const asText = (v: unknown) => (v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v));

export async function syncFile(db: Db, modelsDir: string, fileName: string): Promise<SyncOutcome> {
  const fail = (message: string, p = ''): SyncOutcome => ({ file: fileName, id: null, status: 'failed', problems: [{ file: fileName, path: p, message, severity: 'error' }] });
  let text: string;
  try {
    text = fs.readFileSync(path.join(modelsDir, fileName), 'utf8');
  } catch (e) {
    return fail(`cannot read: ${(e as Error).message}`);
  }
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch (e) {
    return fail(`not valid JSON: ${(e as Error).message}`);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return fail('must be a JSON object');
  const id = typeof raw.id === 'string' && raw.id ? raw.id : path.basename(fileName, '.json');
  const descriptor = { ...(raw as unknown as ModelDescriptor), id };
  const hash = createHash('sha256').update(text).digest('hex');
  const existing = await db.selectFrom('baseVisualdev').select(['id', 'sourceHash']).where('id', '=', id).executeTakeFirst();
  if (existing?.sourceHash === hash) return { file: fileName, id, status: 'unchanged', problems: [] };
  const { model, problems } = compileDescriptor(descriptor, `models/${fileName}`, { strict: true });
  if (!model || errorsOf(problems).length) return { file: fileName, id, status: 'failed', problems };
  const clash = await db.selectFrom('baseVisualdev').select('id').where('enCode', '=', descriptor.enCode).where('id', '!=', id).executeTakeFirst();
  if (clash) return fail(`enCode "${descriptor.enCode}" is already used by model ${clash.id}`, 'enCode');
  const compiled = { ...model, id };
  const now = Date.now();
  const formData = asText(descriptor.formData);
  const columnData = asText(descriptor.columnData);
  const fullNameI18n = asText(readTranslations(descriptor.fullName_i18n));
  const values = {
    fullName: descriptor.fullName, fullNameI18n, enCode: descriptor.enCode, category: descriptor.category ?? null,
    type: Number(descriptor.type ?? 1), webType: Number(raw.webType ?? 2), formData, columnData, tables: '[]',
    sortCode: Number(descriptor.sortCode ?? 0), state: 1, description: descriptor.description ?? null,
    releasedFormData: formData, releasedColumnData: columnData, releasedAt: now,
    releasedHash: definitionHash({ fullName: descriptor.fullName, fullNameI18n, enCode: descriptor.enCode, releasedFormData: formData, releasedColumnData: columnData }), indexSignature: indexSignature(compiled),
    sourceFile: fileName, sourceHash: hash, updatedAt: now, updatedBy: null,
  };
  // the records follow the new definition's index before the row says it is released
  // (also records that arrived before their model: the demo seed writes customer orders before the first sync)
  if (existing || (await db.selectFrom('visualdevRecord').select('id').where('modelId', '=', id).limit(1).executeTakeFirst())) await reindexModel(db, compiled);
  if (existing) await db.updateTable('baseVisualdev').set(values).where('id', '=', id).execute();
  else await db.insertInto('baseVisualdev').values({ id, ...values, createdAt: now, createdBy: null }).execute();
  return { file: fileName, id, status: existing ? 'updated' : 'created', problems };
}

export async function syncDescriptors(db: Db, schemasDir: string, log: FastifyBaseLogger): Promise<SyncOutcome[]> {
  const dir = modelsDirOf(schemasDir);
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  const outcomes: SyncOutcome[] = [];
  for (const file of files) {
    const outcome = await syncFile(db, dir, file);
    outcomes.push(outcome);
    if (outcome.status === 'failed') log.warn({ file, problems: outcome.problems }, `model descriptor ${file} not loaded`);
  }
  const orphans = await db.selectFrom('baseVisualdev').select(['id', 'sourceFile']).where('sourceFile', 'is not', null).execute();
  for (const orphan of orphans.filter((o) => !files.includes(o.sourceFile!))) await detach(db, orphan.id, log);
  return outcomes;
}

async function detach(db: Db, id: string, log: FastifyBaseLogger) {
  const used = await db.selectFrom('visualdevRecord').select('id').where('modelId', '=', id).limit(1).executeTakeFirst();
  if (used) {
    await db.updateTable('baseVisualdev').set({ sourceFile: null, sourceHash: null }).where('id', '=', id).execute();
    log.warn({ id }, 'model descriptor file removed; the model has records and is kept as a designer model');
  } else {
    await db.deleteFrom('baseVisualdev').where('id', '=', id).execute();
  }
}

/**
 * Development only: watches <schemasDir>/models and re-syncs a changed file (debounced),
 * then calls onChange so connected browsers reload. Returns a function that stops watching.
 */
export function watchDescriptors(db: Db, schemasDir: string, log: FastifyBaseLogger, onChange: (outcome: SyncOutcome) => void): () => void {
  const dir = modelsDirOf(schemasDir);
  if (!fs.existsSync(dir)) {
    log.info(`schema watch: ${dir} does not exist, not watching`);
    return () => {};
  }
  const timers = new Map<string, NodeJS.Timeout>();
  const watcher = fs.watch(dir, (_event, name) => {
    const file = name?.toString();
    if (!file || !file.endsWith('.json')) return;
    clearTimeout(timers.get(file));
    timers.set(
      file,
      setTimeout(() => {
        timers.delete(file);
        const run = fs.existsSync(path.join(dir, file))
          ? syncFile(db, dir, file)
          : db.selectFrom('baseVisualdev').select('id').where('sourceFile', '=', file).executeTakeFirst().then(async (row) => {
              if (row) await detach(db, row.id, log);
              return { file, id: row?.id ?? null, status: 'updated', problems: [] } as SyncOutcome;
            });
        run
          .then((outcome) => {
            if (outcome.status === 'failed') log.warn({ file, problems: outcome.problems }, `model descriptor ${file} not reloaded`);
            if (outcome.status !== 'unchanged') onChange(outcome);
          })
          .catch((err: unknown) => log.error({ err }, `model descriptor ${file}: reload failed`));
      }, 80),
    );
  });
  watcher.on('error', (err) => log.warn({ err }, 'schema watch stopped'));
  return () => {
    watcher.close();
    for (const t of timers.values()) clearTimeout(t);
  };
}
