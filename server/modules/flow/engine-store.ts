import type { FastifyRequest } from 'fastify';

import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import type { MessageKey } from '../../../src/runtime/i18n';
import { templateProblems, type RawFlowNode } from '../../../src/runtime/flow';
import type { DbOrTrx } from '../dictionary/repository';
import { codeStem, firstFreeCode } from '../../db/free-code';

/**
 * What the engine administration (engine-routes.ts, engine-import-routes.ts) shares: the template
 * check with its translated refusal, free codes for imports, the bound model's existence.
 */

/**
 * Refuses a template that cannot run (src/runtime/flow/validate.ts): the message names the first
 * problem's node (title and id) and reason in the caller's language; data.problems lists them all.
 */
export function checkTemplate(request: FastifyRequest, template: unknown): RawFlowNode {
  const problems = templateProblems(template);
  if (!problems.length) return template as RawFlowNode;
  const texts = problems.map((p) => ({
    ...p,
    message: request.t('flowAdmin.problemAt', { title: p.title || p.nodeId || '?', id: p.nodeId || '?', reason: request.t(`flowAdmin.problem.${p.reason}` as MessageKey, { detail: p.detail ?? '' }) }),
  }));
  throw refuse('flowAdmin.templateInvalid', { detail: texts.map((t) => t.message).join('；') }, { problems: texts });
}

export async function findEngine(db: DbOrTrx, id: string) {
  const row = await db.selectFrom('flowEngine').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.notFound, 'flowAdmin.notFound');
  return row;
}

export async function ensureCodeFree(db: DbOrTrx, enCode: string, exceptId?: string): Promise<void> {
  let q = db.selectFrom('flowEngine').select('id').where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw refuse('flowAdmin.codeExists', { code: enCode });
}

/** A free engine code (an import never overwrites another flow), as the model import does. */
export async function freeEngineCode(db: DbOrTrx, wanted: string): Promise<string> {
  const taken = await db.selectFrom('flowEngine').select('enCode').where('enCode', 'like', `${codeStem(wanted)}%`).execute();
  return firstFreeCode(wanted, new Set(taken.map((r) => r.enCode)));
}

/** The bound form: a model (base_visualdev, the designer's or a descriptor's) that exists; null binds none. */
export async function checkModel(db: DbOrTrx, modelId: string | null | undefined): Promise<string | null> {
  if (!modelId) return null;
  const row = await db.selectFrom('baseVisualdev').select('id').where('id', '=', modelId).executeTakeFirst();
  if (!row) throw refuse('flowAdmin.modelNotFound', { id: modelId });
  return modelId;
}

