import { Type } from 'typebox';
import { CurrentPage, Nullable } from '../../../http/envelope';

const Text = (max = 100) => Type.Optional(Type.String({ maxLength: max }));

/** What every log list takes: paging, a keyword, a time range, the user's account. */
const Common = {
  currentPage: CurrentPage({ default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 20 }),
  keyword: Text(),
  account: Text(),
  /** The list search's date range: "from,to" in epoch milliseconds (either side may be empty). */
  createdAt: Text(60),
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
};

export const LoginLogQuery = Type.Object({ ...Common, kind: Text(10), success: Text(3) });
export const RequestLogQuery = Type.Object({ ...Common, method: Text(10), status: Text(10) });
export const AuditLogQuery = Type.Object({ ...Common, action: Text(40), entity: Text(200) });
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const LoginLogView = Type.Object({
  id: Type.String(),
  createdAt: Type.Number({ description: 'epoch ms' }),
  kind: Type.String({ description: "'login' (a sign-in attempt) or 'logout'" }),
  account: Type.String({ description: 'as typed (a sign-in) or the account (a sign-out)' }),
  userId: Nullable(Type.String()),
  success: Type.Integer({ description: '1 succeeded, 0 refused' }),
  message: Nullable(Type.String({ description: 'the reason, in the caller language' })),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
});

export const RequestLogView = Type.Object({
  id: Type.String(),
  createdAt: Type.Number({ description: 'epoch ms' }),
  method: Type.String(),
  path: Type.String({ description: 'without the query string; secret path parameters as :name' }),
  status: Type.Integer(),
  durationMs: Type.Number(),
  userId: Nullable(Type.String()),
  account: Nullable(Type.String()),
  ip: Nullable(Type.String()),
});

export const AuditLogView = Type.Object({
  id: Type.String(),
  createdAt: Type.Number({ description: 'epoch ms' }),
  actorId: Nullable(Type.String()),
  account: Nullable(Type.String({ description: 'who made the change' })),
  ip: Nullable(Type.String()),
  entity: Type.String(),
  entityId: Type.String(),
  entityName: Nullable(Type.String()),
  action: Type.String({ description: 'create, update or delete' }),
  fields: Type.String({ description: 'the changed fields, comma-separated' }),
});

export const AuditLogDetail = Type.Object({
  ...AuditLogView.properties,
  changesText: Type.String({ description: 'the changes as lines "field: before → after", for reading' }),
  changes: Type.Array(
    Type.Object({
      field: Type.String(),
      before: Type.String({ description: 'the value before, as JSON text ("" when there was none)' }),
      after: Type.String({ description: 'the value after, as JSON text ("" when there is none)' }),
    }),
  ),
});
