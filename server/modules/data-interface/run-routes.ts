import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db';
import type { DataInterfaceRow } from '../../db/schema';
import { newId } from '../../db/ids';
import { principalOf } from '../../auth/access';
import { AppError } from '../../http/errors';
import { Envelope, PagedEnvelope, ok, CurrentPage } from '../../http/envelope';
import { translate } from '../../../src/runtime/i18n';
import { ReplyCode } from '../../../src/runtime/codes';
import { parseJsonList, type ParamDefinition } from './execute';
import { findInterface } from './routes';
import type { InterfaceRunAccess } from './run-access';
import { IdParams, ParamDefinitionSchema, ParamList, RowSchema } from './schemas';

const read = { access: 'signedIn' as const };
const manage = { access: { permission: 'system.dataInterface:manage' as const } };
const tags = ['dataInterface'];

/** Runs `work` and records the call (time, duration, user, ip, outcome) whatever happens. */
async function logged<T>(db: Db, row: DataInterfaceRow, request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const t0 = performance.now();
  let success = 1;
  let message: string | null = null;
  try {
    return await work();
  } catch (error) {
    success = 0;
    message = error instanceof AppError ? translate('zh-CN', error.key, error.params) : error instanceof Error ? error.message : String(error);
    throw error;
  } finally {
    await db
      .insertInto('baseDataInterfaceLog')
      .values({
        id: newId(), interfaceId: row.id, invokedAt: started, durationMs: Math.round(performance.now() - t0), userId: request.principal?.user.id ?? null,
        ip: request.ip ?? null, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null, success, message: message?.slice(0, 1000) ?? null,
      })
      .execute()
      .catch((error: unknown) => request.log.warn({ err: error }, 'data interface log not written'));
  }
}

const ListBody = Type.Object({
  interfaceId: Type.Optional(Type.String()),
  keyword: Type.Optional(Type.String()),
  currentPage: CurrentPage({ default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 10000, default: 20 }),
  columnOptions: Type.Optional(Type.String({ description: 'comma-separated fields the keyword searches' })),
  relationField: Type.Optional(Type.String({ description: 'the displayed field; searched too' })),
  propsValue: Type.Optional(Type.String()),
  paramList: Type.Optional(ParamList),
});

const IdsBody = Type.Object({
  ids: Type.Array(Type.Union([Type.String(), Type.Number()]), { maxItems: 1000 }),
  propsValue: Type.Optional(Type.String({ description: 'the field the ids are values of (default id)' })),
  interfaceId: Type.Optional(Type.String()),
  relationField: Type.Optional(Type.String()),
  paramList: Type.Optional(ParamList),
});

const LogItem = Type.Object({
  id: Type.String(),
  interfaceId: Type.String(),
  invokedAt: Type.Number(),
  durationMs: Type.Integer(),
  userId: Type.Union([Type.String(), Type.Null()]),
  account: Type.Union([Type.String(), Type.Null()]),
  realName: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  success: Type.Integer(),
  message: Type.Union([Type.String(), Type.Null()]),
});

/**
 * Running interfaces and the call log. Preview (the product's option sources call it too) and
 * the popup-select calls run an interface for whoever run-access.ts lets run it; GetFields is an
 * authoring tool of interface managers. Never a disabled interface.
 */
export const dataInterfaceRunRoutes: FastifyPluginAsyncTypebox<{ db: Db; access: InterfaceRunAccess }> = async (app, { db, access }) => {
  const { executor } = access;
  const runnable = (request: FastifyRequest, id: string) => access.runnable(principalOf(request), id);
  app.post(
    '/DataInterface/:id/Actions/Preview',
    { config: read, schema: { tags, summary: 'Run the interface; data is the rows (at most 10,000). Administrators, interface managers, users granted a page that runs it, or the interface\'s own grant', params: IdParams, body: Type.Optional(Type.Object({ paramList: Type.Optional(ParamList) })), response: { 200: Envelope(Type.Array(RowSchema)) } } },
    async (request) => {
      const row = await runnable(request, request.params.id);
      const principal = principalOf(request);
      return ok(await logged(db, row, request, () => executor.rows(row, { principal, paramList: request.body?.paramList })));
    },
  );

  app.post(
    '/DataInterface/:id/Actions/GetFields',
    { config: manage, schema: { tags, summary: 'Field names of the result (interface managers)', params: IdParams, body: Type.Optional(Type.Object({ paramList: Type.Optional(ParamList) })), response: { 200: Envelope(Type.Array(Type.String())) } } },
    async (request) => {
      const row = await runnable(request, request.params.id);
      const principal = principalOf(request);
      return ok(await logged(db, row, request, () => executor.fields(row, { principal, paramList: request.body?.paramList })));
    },
  );

  app.get(
    '/DataInterface/GetParam/:id',
    { config: read, schema: { tags, summary: 'Declared request parameters (for those who may run the interface)', params: IdParams, response: { 200: Envelope(Type.Array(ParamDefinitionSchema)) } } },
    async (request) => {
      const row = await findInterface(db, request.params.id);
      if (!(await access.mayRun(principalOf(request), row))) throw new AppError(ReplyCode.forbidden, 'dataInterface.runDenied');
      return ok(parseJsonList<ParamDefinition>(row.requestParameters));
    },
  );

  app.post(
    '/DataInterface/:id/Action/List',
    {
      config: read,
      schema: {
        tags,
        summary: 'Paged rows for popup selects. SQL interfaces filter and page in SQL; static and API interfaces filter and page the rows they return',
        params: IdParams,
        body: ListBody,
        response: { 200: PagedEnvelope(RowSchema) },
      },
    },
    async (request) => {
      const row = await runnable(request, request.params.id);
      const { keyword, currentPage, pageSize, columnOptions, relationField, paramList } = request.body;
      const columns = [...new Set([...(columnOptions ?? '').split(','), relationField ?? ''].map((c) => c.trim()).filter(Boolean))];
      const principal = principalOf(request);
      const { list, total } = await logged(db, row, request, () => executor.page(row, { principal, paramList }, { keyword, columns, currentPage, pageSize }));
      return ok({ list, pagination: { currentPage, pageSize, total } });
    },
  );

  app.post(
    '/DataInterface/:id/Action/InfoByIds',
    { config: read, schema: { tags, summary: 'Rows whose propsValue field is one of ids (the selected values of a popup select)', params: IdParams, body: IdsBody, response: { 200: Envelope(Type.Array(RowSchema)) } } },
    async (request) => {
      const row = await runnable(request, request.params.id);
      const { ids, propsValue, paramList } = request.body;
      const principal = principalOf(request);
      return ok(await logged(db, row, request, () => executor.byIds(row, { principal, paramList }, propsValue || 'id', ids.map(String))));
    },
  );

  app.get(
    '/DataInterfaceLog/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Calls of an interface, newest first',
        params: IdParams,
        querystring: Type.Object({ keyword: Type.Optional(Type.String()), currentPage: CurrentPage({ default: 1 }), pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 20 }) }),
        response: { 200: PagedEnvelope(LogItem) },
      },
    },
    async (request) => {
      const { keyword, currentPage, pageSize } = request.query;
      let q = db.selectFrom('baseDataInterfaceLog as l').leftJoin('baseUser as u', 'u.id', 'l.userId').where('l.interfaceId', '=', request.params.id);
      const k = keyword?.trim().toLowerCase();
      if (k) q = q.where((eb) => eb.or([eb(eb.fn('lower', ['u.account']), 'like', `%${k}%`), eb(eb.fn('lower', ['u.realName']), 'like', `%${k}%`), eb('l.ip', 'like', `%${k}%`)]));
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = await q
        .select(['l.id', 'l.interfaceId', 'l.invokedAt', 'l.durationMs', 'l.userId', 'u.account', 'u.realName', 'l.ip', 'l.userAgent', 'l.success', 'l.message'])
        .orderBy('l.invokedAt', 'desc')
        .orderBy('l.id', 'desc')
        .limit(pageSize)
        .offset((currentPage - 1) * pageSize)
        .execute();
      const list = rows.map((r) => ({ ...r, account: r.account ?? null, realName: r.realName ?? null, invokedAt: Number(r.invokedAt), durationMs: Number(r.durationMs), success: Number(r.success) }));
      return ok({ list, pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
    },
  );
};
