import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { principalOf } from '../../auth/access';
import { AppError, refuse } from '../../http/errors';
import { Envelope, ok } from '../../http/envelope';
import { ReplyCode } from '../../../src/runtime/codes';
import { translate, type Locale, type MessageKey } from '../../../src/runtime/i18n';
import { renderPrintTemplate, type PrintRecord } from '../../../src/runtime/print-template';
import { findTemplate } from '../system/print-dev/routes';
import { printRecordOf } from '../system/print-dev/print-values';
import { releasedModel } from '../visualdev/model-store';
import { visibleTask } from './visibility';
import { nameIn } from '../../http/translations';

/** Times as the platform's people read them: China Standard Time, as the ledger export (docs/DECISIONS.md). */
const TIME = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
const timeText = (ms: number) => TIME.format(new Date(ms));

/** The rows block a flow print template repeats per history entry (spec 7.14). */
export const APPROVAL_TABLE = 'systemApprovalContent';

/**
 * A flow as a print template of type 1 reads it: the form's values as people read them (through
 * the model's formatting when the flow fills a model's form, else as stored), the flow's title,
 * name and initiator, and the approval history as the rows block `systemApprovalContent`
 * (nodeName, userName, handleName, opinion, time).
 */
export async function flowPrintRecord(db: Db, taskId: string, locale: Locale): Promise<{ record: PrintRecord; modelId: string | null }> {
  const task = await db.selectFrom('flowTask as t').innerJoin('flowEngine as e', 'e.id', 't.engineId').innerJoin('baseUser as u', 'u.id', 't.creatorUserId')
    .select(['t.id', 't.title', 't.formJson', 't.createdAt', 'e.fullName', 'e.modelId', 'u.realName']).where('t.id', '=', taskId).executeTakeFirstOrThrow();
  const form = JSON.parse(task.formJson) as Record<string, unknown>;
  let base: PrintRecord = { fields: {}, tables: {} };
  const model = task.modelId ? await releasedModel(db, task.modelId, locale).catch(() => null) : null;
  if (model) base = await printRecordOf(db, model, form, locale);
  else for (const [k, v] of Object.entries(form)) if (v !== null && typeof v !== 'object') base.fields[k] = String(v);
  const history = await db.selectFrom('flowRecord as r').innerJoin('baseUser as u', 'u.id', 'r.userId')
    .select(['r.nodeName', 'u.realName', 'r.handleStatus', 'r.opinion', 'r.createdAt']).where('r.taskId', '=', taskId).orderBy('r.createdAt').orderBy('r.id').execute();
  const rows = history.map((h) => ({
    nodeName: h.nodeName, userName: h.realName, handleName: translate(locale, `flowHandles.handle${Number(h.handleStatus)}` as MessageKey), opinion: h.opinion ?? '', time: timeText(Number(h.createdAt)),
  }));
  return {
    record: { fields: { ...base.fields, flowTitle: task.title, flowName: task.fullName, flowInitiator: task.realName, flowStartTime: timeText(Number(task.createdAt)) }, tables: { ...base.tables, [APPROVAL_TABLE]: rows } },
    modelId: task.modelId,
  };
}

export const flowPrintRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // the detail's 打印 lists these: the template list of system/printDev needs its manage right
  app.get('/Engine/FlowBefore/:id/PrintTemplates', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['flow'], summary: 'The enabled flow print templates (type 1) this flow may print with: of its model when it fills one; seen by whoever sees the flow',
      params: Type.Object({ id: Type.String({ maxLength: 50 }) }),
      response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), fullName: Type.String() }))) },
    },
  }, async (request) => {
    const { task } = await visibleTask(db, principalOf(request), request.params.id);
    const engine = await db.selectFrom('flowEngine').select('modelId').where('id', '=', task.engineId).executeTakeFirstOrThrow();
    let q = db.selectFrom('basePrintDev').select(['id', 'fullName', 'fullNameI18n']).where('type', '=', 1).where('enabledMark', '=', 1);
    if (engine.modelId) q = q.where('formId', '=', engine.modelId);
    const rows = await q.orderBy('sortCode').orderBy('id').execute();
    return ok(rows.map((r) => ({ id: r.id, fullName: nameIn(request.locale, r) })));
  });

  app.get('/Engine/FlowBefore/:id/Print', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['flow'], summary: 'A flow filled into a flow print template (type 1) with its approval history (systemApprovalContent); seen by whoever sees the flow',
      params: Type.Object({ id: Type.String({ maxLength: 50 }) }), querystring: Type.Object({ templateId: Type.String({ minLength: 1, maxLength: 50 }) }),
      response: { 200: Envelope(Type.Object({
        template: Type.Object({ id: Type.String(), fullName: Type.String(), paperSize: Type.String(), orientation: Type.String(), margins: Type.Array(Type.Number()) }),
        record: Type.Object({ fields: Type.Record(Type.String(), Type.String()), tables: Type.Record(Type.String(), Type.Array(Type.Record(Type.String(), Type.String()))) }),
        html: Type.String(),
      })) },
    },
  }, async (request) => {
    const principal = principalOf(request);
    await visibleTask(db, principal, request.params.id);
    const template = await findTemplate(db, request.query.templateId);
    if (Number(template.enabledMark) !== 1 && !principal.permissions.has('system.printDev:manage')) throw new AppError(ReplyCode.notFound, 'printDev.notFound');
    const { record, modelId } = await flowPrintRecord(db, request.params.id, request.locale);
    if (Number(template.type) !== 1 || (modelId && template.formId !== modelId)) throw refuse('flowHandles.notFlowPrint');
    return ok({
      template: { id: template.id, fullName: template.fullName, paperSize: template.paperSize, orientation: template.orientation, margins: JSON.parse(template.margins) as number[] },
      record, html: renderPrintTemplate(template.templateHtml, record),
    });
  });
};
