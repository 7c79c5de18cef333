import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { newId } from '../db/ids';
import { projection, type AuditEntity } from './entities';

export type { AuditEntity } from './entities';
export type AuditAction = 'create' | 'update' | 'delete';

/** Who made a change: the signed-in user and their address (null parts for system work). */
export interface Actor {
  id: string | null;
  account: string | null;
  ip: string | null;
}

/** Who to record: an actor, or the request whose principal and address make one. */
export type AuditActor = Actor | FastifyRequest;

export const SYSTEM_ACTOR: Actor = { id: null, account: null, ip: null };

/** The actor of a request: its principal (when signed in) and address. */
export function actorOf(request: FastifyRequest): Actor {
  const user = request.principal?.user;
  return { id: user?.id ?? null, account: user?.account ?? null, ip: request.ip ?? null };
}

export interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

export interface AuditEntry {
  entity: AuditEntity;
  entityId: string;
  action: AuditAction;
  /** The row before the change (null for a create); only its allow-listed fields are kept. */
  before?: object | null;
  /** The row after the change (null for a delete). */
  after?: object | null;
  /** A readable name for the list; else the row's fullName, realName or account. */
  name?: string | null;
}

/** Long values (SQL text, JSON) are cut: the log says what changed, it is not a backup. */
const VALUE_LIMIT = 2000;

function loggable(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string') return value.length > VALUE_LIMIT ? `${value.slice(0, VALUE_LIMIT)}…` : value;
  if (value !== null && typeof value === 'object') {
    const text = JSON.stringify(value);
    return text.length > VALUE_LIMIT ? `${text.slice(0, VALUE_LIMIT)}…` : value;
  }
  return value;
}

/** Lists of ids (memberships, organisations) compare as sets: a new order is not a change. */
const canonical = (v: unknown) => JSON.stringify(Array.isArray(v) && v.every((x) => typeof x === 'string') ? [...v].sort() : (v ?? null));
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The changed fields of two projections, in the order the fields first appear. */
export function changesOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Change[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((key) => !same(before?.[key], after?.[key]))
    .map((key) => ({ field: key, before: loggable(before?.[key] ?? null), after: loggable(after?.[key] ?? null) }));
}

const NAME_FIELDS = ['fullName', 'realName', 'account', 'enCode'] as const;

/**
 * Records one create, update or delete in the audit log. Call it with the transaction that makes
 * the change, so the change and its log row commit (or roll back) together. An update that
 * changes no logged field is not recorded.
 */
export async function audit(trx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await auditMany(trx, actor, [entry]);
}

/** The audit rows of several changes in one statement (a bulk import's batch), in the transaction that makes them. */
export async function auditMany(trx: Db, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  const who = 'raw' in actor ? actorOf(actor) : actor;
  const rows = entries.flatMap((entry) => {
    const before = projection(entry.entity, entry.before as Record<string, unknown> | null | undefined);
    const after = projection(entry.entity, entry.after as Record<string, unknown> | null | undefined);
    const changes = changesOf(before, after);
    if (entry.action === 'update' && changes.length === 0) return [];
    const source = (entry.after ?? entry.before ?? {}) as Record<string, unknown>;
    const name = entry.name ?? NAME_FIELDS.map((k) => source[k]).find((v) => typeof v === 'string' && v) ?? null;
    return [{
      id: newId(),
      createdAt: Date.now(),
      actorId: who.id,
      actorAccount: who.account?.slice(0, 100) ?? null,
      ip: who.ip?.slice(0, 64) ?? null,
      entity: entry.entity,
      entityId: entry.entityId.slice(0, 100),
      entityName: typeof name === 'string' ? name.slice(0, 200) : null,
      action: entry.action,
      changes: JSON.stringify(changes),
    }];
  });
  if (rows.length) await trx.insertInto('baseAuditLog').values(rows).execute();
}

/** A write that is one statement, and its audit row, in one transaction. */
export async function audited(db: Db, actor: AuditActor, entry: AuditEntry, write: (trx: Db) => Promise<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await write(trx);
    await audit(trx, actor, entry);
  });
}
