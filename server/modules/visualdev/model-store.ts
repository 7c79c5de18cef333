import { createHash } from 'node:crypto';
import type { Db } from '../../db';
import type { VisualdevRow } from '../../db/schema';
import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import { COMPILER_VERSION } from '../../../src/runtime/compile';
import type { Locale } from '../../../src/runtime/i18n';
import { readTranslations } from '../../../src/runtime/i18n/texts';
import type { CompiledModel } from '../../../src/runtime/model/compiled';
import { KeptValues } from '../../cache/invalidation';
import { compileDescriptor, describeProblems, errorsOf, type ModelDescriptor } from './compiler';
import { indexSignature, reindexModel } from './record-store';

/**
 * base_visualdev: model definitions and their released snapshot. The released definition is the
 * truth; compiled models are derived from it at load, in each process, and cached by the
 * definition's hash, the compiler's version and the language (see releasedModel).
 */

export function descriptorOf(row: Pick<VisualdevRow, 'id' | 'fullName' | 'fullNameI18n' | 'enCode' | 'category' | 'type' | 'sortCode' | 'description'>, formData: string | null, columnData: string | null): ModelDescriptor {
  return {
    id: row.id, fullName: row.fullName, fullName_i18n: readTranslations(row.fullNameI18n) ?? undefined, enCode: row.enCode, category: row.category, type: row.type,
    sortCode: row.sortCode, description: row.description, formData: formData ?? undefined, columnData: columnData ?? undefined,
  };
}

/** Compiles a definition; errors refuse with every problem listed (file/path: message). */
export function compileOrRefuse(descriptor: ModelDescriptor, file: string, locale?: Locale): CompiledModel {
  const { model, problems } = compileDescriptor(descriptor, file, { locale });
  const errors = errorsOf(problems);
  if (!model || errors.length) {
    throw refuse('visualdev.definitionInvalid', { detail: describeProblems(errors.length ? errors : problems) }, { problems: errors.length ? errors : problems });
  }
  return { ...model, id: descriptor.id ?? model.id };
}

export async function findModelRow(db: Db, id: string): Promise<VisualdevRow> {
  const row = await db.selectFrom('baseVisualdev').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.notFound, 'visualdev.modelNotFound');
  return row;
}

/**
 * The identity of a released definition: SHA-256 over what the compiler reads. Saving a model's
 * name (PUT Base) clears the stored hash, so every process compiles it again on the next request.
 */
export function definitionHash(row: Pick<VisualdevRow, 'fullName' | 'fullNameI18n' | 'enCode' | 'releasedFormData' | 'releasedColumnData'>): string {
  return createHash('sha256').update(JSON.stringify([row.fullName, row.fullNameI18n, row.enCode, row.releasedFormData, row.releasedColumnData])).digest('hex');
}

/** What turns a released definition into a compiled model; tests swap in another version. */
export interface ModelCompiler {
  version: string;
  compile(descriptor: ModelDescriptor, file: string, locale: Locale): CompiledModel;
}

export const runtimeCompiler: ModelCompiler = { version: COMPILER_VERSION, compile: compileOrRefuse };

/** Compiled models by compiler version, model and language, with the hash of the definition they came from. */
const cache = new Map<string, { hash: string; model: CompiledModel }>();

type Head = Pick<VisualdevRow, 'id' | 'releasedHash' | 'releasedAt'>;

/**
 * The head of each model (released hash and time), kept per database handle so a request reads
 * no model row: any committed write to base_visualdev drops the heads it names, all when it names
 * none (server/cache/invalidation.ts) — a release, a saved name (which clears the hash), the
 * descriptor sync, a deletion.
 */
const heads = new KeptValues<Head>(['base_visualdev'], 'id');

function headOf(db: Db, id: string): Promise<Head | undefined> {
  return heads.get(db, id, () => db.selectFrom('baseVisualdev').select(['id', 'releasedHash', 'releasedAt']).where('id', '=', id).executeTakeFirst());
}

/**
 * The released model the record API works with, compiled from the released definition. A
 * request reads only the definition's hash (kept in memory until the model's row changes); the
 * definition is read and compiled when the hash, the compiler or the language is new to this
 * process, so a changed definition or a new compiler is used on the next request, in every
 * process, without a release. When a compiler changes which fields the record store indexes, the
 * model's records are indexed again first.
 */
export async function releasedModel(db: Db, id: string, locale: Locale = 'zh-CN', compiler: ModelCompiler = runtimeCompiler): Promise<CompiledModel> {
  const head = await headOf(db, id);
  if (!head) throw new AppError(ReplyCode.notFound, 'visualdev.modelNotFound');
  if (head.releasedAt === null) throw refuse('visualdev.modelNotReleased');
  const key = `${compiler.version}|${id}|${locale}`;
  const hit = cache.get(key);
  if (hit && head.releasedHash && hit.hash === head.releasedHash) return hit.model;

  const row = await findModelRow(db, id);
  if (row.releasedAt === null || row.releasedFormData === null) throw refuse('visualdev.modelNotReleased');
  const hash = definitionHash(row);
  const model = compiler.compile(descriptorOf(row, row.releasedFormData, row.releasedColumnData), `visualdev/${row.enCode}`, locale);
  const signature = indexSignature(model);
  if (row.indexSignature !== signature) await reindexModel(db, model);
  if (row.indexSignature !== signature || row.releasedHash !== hash) {
    await db.updateTable('baseVisualdev').set({ releasedHash: hash, indexSignature: signature }).where('id', '=', id).execute();
  }
  cache.set(key, { hash, model });
  return model;
}

export async function ensureEnCodeFree(db: Db, enCode: string, exceptId?: string): Promise<void> {
  let q = db.selectFrom('baseVisualdev').select('id').where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw refuse('visualdev.enCodeExists');
}

/** Definitions are JSON text in the database; accept an object or text, refuse text that is not JSON. */
export function jsonText(value: unknown, path: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') {
    try {
      JSON.parse(value);
    } catch (e) {
      throw refuse('visualdev.definitionInvalid', { detail: `${path}: ${(e as Error).message}` }, { problems: [{ file: 'request', path, message: (e as Error).message, severity: 'error' }] });
    }
    return value;
  }
  return JSON.stringify(value);
}
