import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import { principalOf } from '../../../auth/access';
import { AppError } from '../../../http/errors';
import { Envelope, PagedEnvelope, PagedQueryFields, ok } from '../../../http/envelope';
import { nameIn } from '../../../http/translations';
import { ReplyCode } from '../../../../src/runtime/codes';
import { modelPermissionsOf } from '../../visualdev/model-permissions';
import { releasedModel } from '../../visualdev/model-store';
import { loadRecord } from '../../visualdev/record-service';
import { findTemplate, manage } from './routes';

const tags = ['printLog'];

const SaveBody = Type.Object({
  printId: Type.String({ minLength: 1, maxLength: 50, description: 'the template printed' }),
  recordId: Type.String({ minLength: 1, maxLength: 50, description: 'the record printed' }),
  printTitle: Type.String({ minLength: 1, maxLength: 200, description: 'the title the print carried (the template\'s name)' }),
  printNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1, description: 'copies (1 unless the product counts more)' })),
});

const LogView = Type.Object({
  id: Type.String(), createdAt: Type.Number(), userId: Type.String(), userName: Type.String(),
  templateId: Type.String(), templateName: Type.String(), modelId: Type.String(), modelName: Type.String(),
  recordId: Type.String(), printTitle: Type.String(), printNum: Type.Integer(),
});

const like = (text: string | undefined) => {
  const k = text?.trim().toLowerCase().replace(/[%_\\]/g, '');
  return k ? `%${k}%` : null;
};

/**
 * The print log (打印日志, spec 7 "After printing: POST /api/system/printLog/save"; issue 13 item 8).
 * Save: anyone who could print the record, i.e. the template is enabled for its model and the record
 * is readable in the caller's scope (outside it: the same "not found" as printing); the server takes
 * the model from the template and the user and time from the session, never from the body.
 * List: the managers of print templates, newest first, paged, keyword over title, user, template.
 */
export const printLogRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/printLog/save',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'Log a print of a record through a template (the caller must be able to print it)', body: SaveBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } },
    async (request) => {
      const body = request.body;
      const template = await findTemplate(db, body.printId);
      const principal = principalOf(request);
      if (Number(template.enabledMark) !== 1 && !principal.permissions.has('system.printDev:manage')) throw new AppError(ReplyCode.notFound, 'printDev.notFound');
      const model = await releasedModel(db, template.formId, request.locale);
      const { row } = await loadRecord(db, model, body.recordId, modelPermissionsOf(principal, model));
      const id = newId();
      await db.insertInto('basePrintLog').values({ id, userId: principal.user.id, createdAt: Date.now(), templateId: template.id, modelId: model.id, recordId: row.id, printTitle: body.printTitle.trim() || template.fullName, printNum: body.printNum ?? 1 }).execute();
      return ok({ id });
    },
  );

  app.get(
    '/printLog',
    { config: manage, schema: { tags, summary: 'Print log, newest first; keyword matches the title, the user\'s account or name, or the template\'s name', querystring: Type.Object({ ...PagedQueryFields, printId: Type.Optional(Type.String({ maxLength: 50 })) }), response: { 200: PagedEnvelope(LogView) } } },
    async (request) => {
      const query = request.query;
      let q = db.selectFrom('basePrintLog as l').leftJoin('baseUser as u', 'u.id', 'l.userId').leftJoin('basePrintDev as t', 't.id', 'l.templateId');
      const k = like(query.keyword);
      if (k) q = q.where((eb) => eb.or([eb(eb.fn('lower', ['l.printTitle']), 'like', k), eb(eb.fn('lower', ['u.account']), 'like', k), eb(eb.fn('lower', ['u.realName']), 'like', k), eb(eb.fn('lower', ['t.fullName']), 'like', k)]));
      if (query.printId) q = q.where('l.templateId', '=', query.printId);
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = await q
        .select(['l.id', 'l.createdAt', 'l.userId', 'l.templateId', 'l.modelId', 'l.recordId', 'l.printTitle', 'l.printNum', 'u.account', 'u.realName', 't.fullName as templateFullName', 't.fullNameI18n as templateFullNameI18n'])
        .orderBy('l.createdAt', 'desc').orderBy('l.id', 'desc')
        .limit(query.pageSize).offset((query.currentPage - 1) * query.pageSize).execute();
      const modelIds = [...new Set(rows.map((r) => r.modelId))];
      const models = modelIds.length ? await db.selectFrom('baseVisualdev').select(['id', 'fullName', 'fullNameI18n']).where('id', 'in', modelIds).execute() : [];
      const modelName = new Map(models.map((m) => [m.id, nameIn(request.locale, m)]));
      const list = rows.map((r) => ({
        id: r.id, createdAt: Number(r.createdAt), userId: r.userId, userName: r.realName ? `${r.realName}/${r.account ?? ''}` : (r.account ?? r.userId),
        templateId: r.templateId, templateName: r.templateFullName ? nameIn(request.locale, { fullName: r.templateFullName, fullNameI18n: r.templateFullNameI18n }) : r.templateId,
        modelId: r.modelId, modelName: modelName.get(r.modelId) ?? r.modelId, recordId: r.recordId, printTitle: r.printTitle, printNum: Number(r.printNum),
      }));
      return ok({ list, pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: Number(total?.n ?? 0) } });
    },
  );
};
