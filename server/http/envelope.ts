import { Type, type TSchema } from 'typebox';

/** Reply schema of a route: the `{ code, msg, data }` envelope around `data`. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), msg: Type.String(), data: data });
}

/** Reply schema of a route that answers with no data. */
export const EmptyEnvelope = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Optional(Type.Null()) });

/** The pagination of a paged list (spec: currentPage, pageSize, total). */
export const Pagination = Type.Object({ currentPage: Type.Integer(), pageSize: Type.Integer(), total: Type.Integer() });

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
