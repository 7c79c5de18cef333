import { Type, type TSchema } from 'typebox';

/** Reply schema of a route: the `{ code, msg, data }` envelope around `data`. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), msg: Type.String(), data: data });
}

/** Reply schema of a route that answers with no data. */
/** A value or null (a JSON null in replies, where a column may be empty). */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const EmptyEnvelope = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Optional(Type.Null()) });

/** The pagination of a paged list (spec: currentPage, pageSize, total). */
export const Pagination = Type.Object({ currentPage: Type.Integer(), pageSize: Type.Integer(), total: Type.Integer() });

/**
 * The page a list call asks for. Capped so the row offset stays a safe integer a database
 * accepts (10⁶ pages of 500 rows is past any table here); a larger number is a clear 400, not
 * an overflow deep in SQL.
 */
export const MAX_PAGE = 1_000_000;
export const CurrentPage = (options: { default?: number } = {}) => Type.Integer({ minimum: 1, maximum: MAX_PAGE, ...options });

/** The query of a paged list with one keyword box: spread into a route's querystring object. */
export const PagedQueryFields = {
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  currentPage: CurrentPage({ default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 20 }),
  sort: Type.Optional(Type.String({ maxLength: 10 })),
  sidx: Type.Optional(Type.String({ maxLength: 50 })),
};

/** Reply schema of a paged list. */
export function PagedEnvelope<T extends TSchema>(item: T) {
  return Envelope(Type.Object({ list: Type.Array(item), pagination: Pagination }));
}

export function ok<T>(data: T, msg = 'Success'): { code: 200; msg: string; data: T } {
  return { code: 200, msg, data };
}

export function done(msg = 'Success'): { code: 200; msg: string } {
  return { code: 200, msg };
}
