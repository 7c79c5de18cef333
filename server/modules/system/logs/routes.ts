import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db';
import type { AuditLogRow } from '../../../db/schema';
import { AppError, refuse } from '../../../http/errors';
import { Envelope, PagedEnvelope, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { catalogues, translate, type MessageKey } from '../../../../src/runtime/i18n';
import type { Change } from '../../../audit/record';
import { AuditLogDetail, AuditLogQuery, AuditLogView, IdParams, LoginLogQuery, LoginLogView, RequestLogQuery, RequestLogView } from './schemas';

const read = { access: { permission: 'system.log:read' as const } };
const tags = ['logs'];

/** A LIKE pattern of a keyword (lower-cased; LIKE's wildcards dropped), or null. */
const like = (text: string | undefined) => {
  const k = text?.trim().toLowerCase().replace(/[%_\\]/g, '');
  return k ? `%${k}%` : null;
};

/** A comma list of a multiple select ("create,update"), or null. */
const listOf = (text: string | undefined) => {
  const values = (text ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  return values.length ? values : null;
};

interface Range {
  createdAt?: string;
  startTime?: number;
  endTime?: number;
}

/** The time range of a query: startTime/endTime, or the list search's "from,to". */
export function timeRange(q: Range): { from: number | null; to: number | null } {
  let from = q.startTime ?? null;
  let to = q.endTime ?? null;
  if (q.createdAt?.trim()) {
    const [a = '', b = ''] = q.createdAt.split(',');
    const num = (v: string) => (v.trim() === '' || v.trim() === 'null' ? null : Number(v.trim()));
    from = num(a);
    to = num(b);
    if ((from !== null && !Number.isFinite(from)) || (to !== null && !Number.isFinite(to))) throw refuse('logs.timeRangeInvalid');
  }
  if (from !== null && to !== null && from > to) throw refuse('logs.timeRangeInvalid');
  return { from, to };
}

const paging = (q: { currentPage: number; pageSize: number }, total: unknown) => ({ currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total ?? 0) });

function auditView(r: AuditLogRow) {
  const changes = parseChanges(r.changes);
  return {
    id: r.id, createdAt: Number(r.createdAt), actorId: r.actorId, account: r.actorAccount, ip: r.ip,
    entity: r.entity, entityId: r.entityId, entityName: r.entityName, action: r.action, fields: changes.map((c) => c.field).join(', '),
  };
}

function parseChanges(text: string): Change[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as Change[]) : [];
  } catch {
    return [];
  }
}

const shown = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * /api/system/Log: the administrators' logs, read-only (issue 11 item 7). Each list is paged
 * in SQL, newest first, filtered by time range, account, keyword and its kind (sign-in or
 * sign-out, method and status, action and entity). Administrators and 'system.log:read' only.
 */
export const logRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/Log/Login', { config: read, schema: { tags, summary: 'Sign-in attempts (succeeded and refused, with the reason) and sign-outs', querystring: LoginLogQuery, response: { 200: PagedEnvelope(LoginLogView) } } }, async (request) => {
    const q = request.query;
    const { from, to } = timeRange(q);
    let query = db.selectFrom('baseLoginLog');
    if (from !== null) query = query.where('createdAt', '>=', from);
    if (to !== null) query = query.where('createdAt', '<=', to);
    const account = like(q.account);
    if (account) query = query.where((eb) => eb(eb.fn('lower', ['account']), 'like', account));
    const kinds = listOf(q.kind);
    if (kinds) query = query.where('kind', 'in', kinds);
    const success = listOf(q.success)?.map(Number).filter((n) => n === 0 || n === 1);
    if (success?.length) query = query.where('success', 'in', success);
    const k = like(q.keyword);
    if (k) query = query.where((eb) => eb.or(['account', 'ip', 'userAgent', 'message'].map((c) => eb(eb.fn('lower', [c as 'account']), 'like', k))));
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await query.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(q.pageSize).offset((q.currentPage - 1) * q.pageSize).execute();
    const known = catalogues['zh-CN'];
    const message = (m: string | null) => (m && m in known ? translate(request.locale, m as MessageKey) : m);
    return ok({
      list: rows.map((r) => ({ id: r.id, createdAt: Number(r.createdAt), kind: r.kind, account: r.account, userId: r.userId, success: Number(r.success), message: message(r.message), ip: r.ip, userAgent: r.userAgent })),
      pagination: paging(q, total?.n),
    });
  });

  app.get('/Log/Request', { config: read, schema: { tags, summary: 'API requests: method, path (no query), status, duration, user, address', querystring: RequestLogQuery, response: { 200: PagedEnvelope(RequestLogView) } } }, async (request) => {
    const q = request.query;
    const { from, to } = timeRange(q);
    let query = db.selectFrom('baseRequestLog');
    if (from !== null) query = query.where('createdAt', '>=', from);
    if (to !== null) query = query.where('createdAt', '<=', to);
    const account = like(q.account);
    if (account) query = query.where((eb) => eb(eb.fn('lower', ['account']), 'like', account));
    const methods = listOf(q.method)?.map((m) => m.toUpperCase());
    if (methods) query = query.where('method', 'in', methods);
    const statuses = listOf(q.status)?.map(Number).filter(Number.isInteger);
    if (statuses?.length) query = query.where('status', 'in', statuses);
    const k = like(q.keyword);
    if (k) query = query.where((eb) => eb.or([eb(eb.fn('lower', ['path']), 'like', k), eb(eb.fn('lower', ['ip']), 'like', k)]));
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await query.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(q.pageSize).offset((q.currentPage - 1) * q.pageSize).execute();
    return ok({
      list: rows.map((r) => ({ ...r, createdAt: Number(r.createdAt), status: Number(r.status), durationMs: Number(r.durationMs) })),
      pagination: paging(q, total?.n),
    });
  });

  app.get('/Log/Audit', { config: read, schema: { tags, summary: 'Creates, updates and deletes: who, when, what, the changed fields', querystring: AuditLogQuery, response: { 200: PagedEnvelope(AuditLogView) } } }, async (request) => {
    const q = request.query;
    const { from, to } = timeRange(q);
    let query = db.selectFrom('baseAuditLog');
    if (from !== null) query = query.where('createdAt', '>=', from);
    if (to !== null) query = query.where('createdAt', '<=', to);
    const account = like(q.account);
    if (account) query = query.where((eb) => eb(eb.fn('lower', ['actorAccount']), 'like', account));
    const actions = listOf(q.action);
    if (actions) query = query.where('action', 'in', actions);
    const entities = listOf(q.entity);
    if (entities) query = query.where('entity', 'in', entities);
    const k = like(q.keyword);
    if (k) query = query.where((eb) => eb.or(['entityName', 'entityId', 'actorAccount', 'changes'].map((c) => eb(eb.fn('lower', [c as 'entityName']), 'like', k))));
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await query.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(q.pageSize).offset((q.currentPage - 1) * q.pageSize).execute();
    return ok({ list: rows.map(auditView), pagination: paging(q, total?.n) });
  });

  app.get('/Log/Audit/:id', { config: read, schema: { tags, summary: 'One audit row with each changed field before and after', params: IdParams, response: { 200: Envelope(AuditLogDetail) } } }, async (request) => {
    const row = await db.selectFrom('baseAuditLog').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw new AppError(ReplyCode.notFound, 'logs.notFound');
    const changes = parseChanges(row.changes).map((c) => ({ field: c.field, before: shown(c.before), after: shown(c.after) }));
    // the console's detail shows them as text (the sub-table kind has no read-only view yet)
    const changesText = changes.map((c) => `${c.field}: ${c.before || '∅'} → ${c.after || '∅'}`).join('\n');
    return ok({ ...auditView(row), changes, changesText });
  });
};
