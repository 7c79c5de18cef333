import type { Db } from '../../db';
import type { VisualdevRow } from '../../db/schema';
import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import type { Locale } from '../../../src/runtime/i18n';
import { readTranslations } from '../../../src/runtime/i18n/texts';
import type { CompiledModel } from '../../../src/runtime/model/compiled';
import { compileDescriptor, describeProblems, errorsOf, type ModelDescriptor } from './compiler';

/** base_visualdev: model definitions, their released snapshot and compiled model. */

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

/** Compiled models by id, language and release time, so a request does not recompile an unchanged model. */
const cache = new Map<string, { releasedAt: number; model: CompiledModel }>();

/**
 * The released model the record API works with, compiled in the caller's language (labels,
 * options, messages: a compiled model is in one language). The released definition is compiled
 * once per language and release; should it no longer compile, the model compiled at release
 * stands in.
 */
export async function releasedModel(db: Db, id: string, locale: Locale = 'zh-CN'): Promise<CompiledModel> {
  const row = await db
    .selectFrom('baseVisualdev')
    .select(['id', 'fullName', 'fullNameI18n', 'enCode', 'category', 'type', 'sortCode', 'description', 'releasedFormData', 'releasedColumnData', 'compiled', 'releasedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.notFound, 'visualdev.modelNotFound');
  if (!row.compiled || row.releasedAt === null) throw refuse('visualdev.modelNotReleased');
  const key = `${id}\u0000${locale}`;
  const hit = cache.get(key);
  if (hit && hit.releasedAt === row.releasedAt) return hit.model;
  const { model: compiled, problems } = compileDescriptor(descriptorOf(row, row.releasedFormData, row.releasedColumnData), `visualdev/${row.enCode}`, { locale });
  const model = compiled && !errorsOf(problems).length ? { ...compiled, id: row.id } : (JSON.parse(row.compiled) as CompiledModel);
  cache.set(key, { releasedAt: row.releasedAt, model });
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
