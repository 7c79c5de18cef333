import type { Db } from '../../db';
import type { VisualdevRow } from '../../db/schema';
import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import type { Locale } from '../../../src/runtime/i18n';
import type { CompiledModel } from '../../../src/runtime/model/compiled';
import { compileDescriptor, describeProblems, errorsOf, type ModelDescriptor } from './compiler';

/** base_visualdev: model definitions, their released snapshot and compiled model. */

export function descriptorOf(row: Pick<VisualdevRow, 'id' | 'fullName' | 'enCode' | 'category' | 'type' | 'sortCode' | 'description'>, formData: string | null, columnData: string | null): ModelDescriptor {
  return {
    id: row.id, fullName: row.fullName, enCode: row.enCode, category: row.category, type: row.type,
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

/** Compiled models by id and release time, so a request does not re-parse an unchanged model. */
const cache = new Map<string, { releasedAt: number; model: CompiledModel }>();

/** The released compiled model the record API works with. */
export async function releasedModel(db: Db, id: string): Promise<CompiledModel> {
  const row = await db.selectFrom('baseVisualdev').select(['id', 'compiled', 'releasedAt']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.notFound, 'visualdev.modelNotFound');
  if (!row.compiled || row.releasedAt === null) throw refuse('visualdev.modelNotReleased');
  const hit = cache.get(id);
  if (hit && hit.releasedAt === row.releasedAt) return hit.model;
  const model = JSON.parse(row.compiled) as CompiledModel;
  cache.set(id, { releasedAt: row.releasedAt, model });
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
