import type { DataInterfaceRow } from '../../db/schema';
import type { Principal } from '../../auth/principal';
import { AppError, refuse } from '../../http/errors';
import { scanSql } from './sql-text';
import type { Db } from '../../db';
import { readSysConfig } from '../system/config-store';
import { callUpstream } from './upstream-call';
import { UpstreamPolicy } from './upstream-policy';
import { DEFAULT_ROW_CAP, type Row, type Segment, type SqlRunner } from './sql-runner';

export const INTERFACE_TYPE = { sql: 1, static: 2, api: 3 } as const;
const SAVE_TIME_REFUSALS = new Set(['dataInterface.sqlNotReadable', 'dataInterface.sqlMultiple', 'dataInterface.sqlNotSelect']);
/** Time limit of an API interface call. */
export const API_TIMEOUT_MS = 10_000;
/** The largest answer an API interface may give. */
export const API_RESPONSE_CAP = 16 * 1024 * 1024;

export interface ParamDefinition {
  field: string;
  dataType?: string;
  defaultValue?: unknown;
  required?: number | boolean;
  fieldName?: string;
}
export interface ParamValue {
  field: string;
  defaultValue?: unknown;
}

export interface RunInput {
  principal: Principal;
  paramList?: readonly ParamValue[];
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function checkedField(name: string): string {
  if (!FIELD.test(name)) throw refuse('dataInterface.columnInvalid', { name: name.slice(0, 60) });
  return name;
}

export function parseJsonList<T>(text: string | null): T[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** Values of the interface's parameters: the caller's, else the declared defaults; typed by dataType. */
export function resolveParams(row: DataInterfaceRow, input: RunInput): Map<string, unknown> {
  const given = new Map((input.paramList ?? []).map((p) => [p.field, p.defaultValue]));
  const values = new Map<string, unknown>();
  for (const def of parseJsonList<ParamDefinition>(row.requestParameters)) {
    let value = given.has(def.field) ? given.get(def.field) : def.defaultValue;
    if (value === undefined || value === '') value = null;
    if (value === null && (def.required === 1 || def.required === true)) throw refuse('dataInterface.paramRequired', { field: def.field });
    if (value !== null && ['int', 'bigint', 'decimal', 'number'].includes(def.dataType ?? '')) {
      const n = Number(value);
      if (!Number.isFinite(n) || (def.dataType !== 'decimal' && !Number.isInteger(n))) throw refuse('dataInterface.paramsInvalid');
      value = n;
    } else if (value !== null && typeof value !== 'string') value = typeof value === 'object' ? JSON.stringify(value) : String(value);
    values.set(def.field, value);
  }
  for (const [field, value] of given) if (!values.has(field)) values.set(field, value ?? null);
  // Built-in parameters: set by the server, the caller cannot override them.
  values.set('currentUserId', input.principal.user.id);
  values.set('currentOrganizeId', input.principal.user.organizeId);
  return values;
}

/**
 * A static interface's declared parameters filter its rows by equality on the field of the
 * same name (an empty value filters nothing) — so a report's query inputs work on static data too.
 */
export function filterByDeclaredParams(rows: Row[], row: DataInterfaceRow, params: Map<string, unknown>): Row[] {
  const declared = parseJsonList<ParamDefinition>(row.requestParameters).map((d) => d.field);
  const active = declared.filter((field) => params.get(field) !== null && params.get(field) !== undefined);
  if (!active.length) return rows;
  return rows.filter((r) => active.every((field) => !(field in r) || String(r[field]) === String(params.get(field))));
}

/**
 * The interface's SQL as segments with its @parameters bound. No text check here: what the
 * statement may do is decided below the text, by the reader (sql-runner.ts).
 */
export function sqlSegments(row: DataInterfaceRow, params: Map<string, unknown>): Segment[] {
  const scanned = scanSql(row.queryText ?? '');
  if (!scanned.firstKeyword) throw refuse('dataInterface.sqlRequired');
  const segments: Segment[] = [scanned.parts[0]!];
  scanned.names.forEach((name, i) => segments.push({ value: params.has(name) ? params.get(name) : null }, scanned.parts[i + 1]!));
  return segments;
}

/** Rows of a static interface: the stored JSON array (objects kept, other values wrapped as { value }). */
export function staticRows(row: DataInterfaceRow): Row[] {
  let value: unknown;
  try {
    value = JSON.parse(row.queryText ?? '[]');
  } catch {
    throw refuse('dataInterface.staticInvalid');
  }
  if (!Array.isArray(value)) throw refuse('dataInterface.staticInvalid');
  return value.map((item) => (item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Row) : { value: item }));
}

/**
 * Calls an API interface: GET sends the parameters as query, POST as a JSON body, to an
 * address the administrator allowed (upstream-policy.ts), at most API_RESPONSE_CAP bytes back.
 */
export async function apiRows(row: DataInterfaceRow, params: Map<string, unknown>, policy: UpstreamPolicy): Promise<Row[]> {
  const method = (row.requestMethod ?? 'GET').toUpperCase();
  let url: URL;
  try {
    url = new URL(row.path ?? '');
  } catch {
    throw refuse('dataInterface.urlInvalid');
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const h of parseJsonList<{ field?: string; value?: unknown }>(row.requestHeaders)) if (h.field) headers[h.field] = String(h.value ?? '');
  // Only the declared parameters travel: a caller cannot add keys to the upstream query or body.
  const declared = new Set(parseJsonList<ParamDefinition>(row.requestParameters).map((d) => d.field));
  const sent = Object.fromEntries([...params].filter(([k]) => declared.has(k)));
  let body: string | undefined;
  if (method === 'GET') for (const [k, v] of Object.entries(sent)) url.searchParams.set(k, v === null ? '' : String(v));
  else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(sent);
  }
  const text = await callUpstream(url, { method, headers, body }, policy, { timeoutMs: API_TIMEOUT_MS, cap: API_RESPONSE_CAP });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refuse('dataInterface.apiError', { detail: 'not JSON' });
  }
  return rowsFromReply(json).slice(0, DEFAULT_ROW_CAP);
}

/** A platform envelope yields its data; a list yields its rows; an object is one row. */
export function rowsFromReply(json: unknown): Row[] {
  let value = json;
  if (value && typeof value === 'object' && !Array.isArray(value) && 'data' in value && 'code' in value) value = (value as { data: unknown }).data;
  if (value && typeof value === 'object' && !Array.isArray(value) && Array.isArray((value as { list?: unknown }).list)) value = (value as { list: unknown[] }).list;
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.map((item) => (item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Row) : { value: item }));
}

export interface ListQuery {
  keyword?: string;
  columns: string[];
  currentPage: number;
  pageSize: number;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * Runs interfaces. SQL interfaces page and filter in SQL (the statement becomes a subquery);
 * static and API interfaces have no SQL to push into, so they filter and page the returned rows.
 */
export class InterfaceExecutor {
  constructor(
    private readonly runner: SqlRunner,
    private readonly db: Db,
  ) {}

  async rows(row: DataInterfaceRow, input: RunInput): Promise<Row[]> {
    const params = resolveParams(row, input);
    if (row.type === INTERFACE_TYPE.sql) {
      return this.runner.rows(sqlSegments(row, params), { tail: [` limit ${this.runner.rowCap}`] });
    }
    if (row.type === INTERFACE_TYPE.static) return filterByDeclaredParams(staticRows(row), row, params);
    // Read at each call: an administrator's change applies at once, in every process.
    return apiRows(row, params, new UpstreamPolicy((await readSysConfig(this.db)).dataInterfaceAllowedAddresses));
  }

  /**
   * Tells at once, when an SQL interface is saved, that it reads what interfaces may not (or is
   * not one SELECT); other failures (a syntax slip, a missing parameter) show when it is run.
   */
  async checkOnSave(input: { type: number; queryText: string | null }): Promise<void> {
    if (input.type !== INTERFACE_TYPE.sql || !input.queryText) return;
    const scanned = scanSql(input.queryText);
    const segments: Segment[] = [scanned.parts[0]!];
    scanned.names.forEach((_, i) => segments.push({ value: null }, scanned.parts[i + 1]!));
    try {
      await this.runner.columns(segments);
    } catch (error) {
      if (error instanceof AppError && SAVE_TIME_REFUSALS.has(error.key)) throw error;
    }
  }

  async fields(row: DataInterfaceRow, input: RunInput): Promise<string[]> {
    if (row.type === INTERFACE_TYPE.sql) {
      return this.runner.columns(sqlSegments(row, resolveParams(row, input)));
    }
    const rows = (await this.rows(row, input)).slice(0, 100);
    return [...new Set(rows.flatMap((r) => Object.keys(r)))];
  }

  async page(row: DataInterfaceRow, input: RunInput, query: ListQuery): Promise<{ list: Row[]; total: number }> {
    const keyword = query.keyword?.trim().toLowerCase() ?? '';
    const offset = (query.currentPage - 1) * query.pageSize;
    if (row.type !== INTERFACE_TYPE.sql) {
      let rows = await this.rows(row, input);
      if (keyword) rows = rows.filter((r) => (query.columns.length ? query.columns : Object.keys(r)).some((c) => text(r[c]).toLowerCase().includes(keyword)));
      return { list: rows.slice(offset, offset + query.pageSize), total: rows.length };
    }
    const segments = sqlSegments(row, resolveParams(row, input));
    const columns = keyword ? (query.columns.length ? query.columns : await this.runner.columns(segments)) : [];
    const where: Segment[] = [];
    if (keyword && columns.length) {
      where.push(' where ');
      columns.forEach((c, i) => {
        where.push(`${i ? ' or ' : ''}lower(cast(t."${checkedField(c)}" as varchar(4000))) like `, { value: `%${keyword}%` });
      });
    }
    const [countRow] = await this.runner.rows(segments, { select: 'count(*) as "total"', tail: where });
    const list = await this.runner.rows(segments, { tail: [...where, ' limit ', { value: query.pageSize }, ' offset ', { value: offset }] });
    return { list, total: Number(countRow?.total ?? 0) };
  }

  async byIds(row: DataInterfaceRow, input: RunInput, field: string, ids: readonly string[]): Promise<Row[]> {
    const name = checkedField(field);
    if (ids.length === 0) return [];
    if (row.type !== INTERFACE_TYPE.sql) {
      const wanted = new Set(ids.map(String));
      return (await this.rows(row, input)).filter((r) => wanted.has(text(r[name])));
    }
    const segments = sqlSegments(row, resolveParams(row, input));
    const list: Segment[] = [];
    ids.forEach((id, i) => list.push(i ? ', ' : '', { value: String(id) }));
    return this.runner.rows(segments, { tail: [` where cast(t."${name}" as varchar(4000)) in (`, ...list, ')'] });
  }
}
