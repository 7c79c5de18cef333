import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../server/db';

/**
 * A digest of everything the database holds: per table, its row count and a hash of its rows
 * (order-free). Two digests differ exactly where something was written. Tables are read from
 * the database itself, so tables added later are covered without a change here.
 */
export type Digest = Map<string, { rows: number; hash: string }>;

/**
 * What a refused request may still write, by design; everything else must stay as it was.
 * - base_login_log: records every sign-in attempt, refused ones above all (who tried, from where).
 * - base_login_failure: counts wrong passwords (sign-in, unlock, password change) toward the lock-out.
 * - base_captcha: a captcha answers one check, right or wrong, and is spent by it.
 * - base_data_interface_log: records each run of an interface, failed runs included.
 * - base_request_log: records every API request (method, path, status, duration), refused ones included.
 * - base_visualdev_short_link_hit: counts calls through a short link (submissions, wrong
 *   passwords) for its per-address limits; a refused call must count.
 * - base_sms_code.attempts: a wrong SMS code counts toward the code's attempt limit.
 * - base_session.last_seen_at / expires_at: the sliding idle expiry moves on any signed-in call.
 * - job_lease.holder / until: background jobs (flow timers, log and upload pruning) renew their lease on their own clock.
 */
export const WRITTEN_ON_REFUSAL = {
  tables: ['base_login_log', 'base_login_failure', 'base_captcha', 'base_data_interface_log', 'base_request_log', 'base_visualdev_short_link_hit'],
  columns: { base_sms_code: ['attempts'], base_session: ['last_seen_at', 'expires_at'], job_lease: ['holder', 'until'] } as Record<string, string[]>,
};

async function tableNames(database: DatabaseHandle): Promise<string[]> {
  const db = database.db.withoutPlugins();
  if (database.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.map((r) => r.name);
}

const checked = (tables: string[]) => tables.filter((table) => !WRITTEN_ON_REFUSAL.tables.includes(table));

const rowText = (row: Record<string, unknown>, skip: readonly string[]) =>
  JSON.stringify(
    Object.keys(row)
      .filter((column) => !skip.includes(column))
      .sort()
      .map((column) => {
        const value = row[column];
        return [column, value instanceof Uint8Array ? Buffer.from(value).toString('base64') : typeof value === 'bigint' ? value.toString() : value];
      }),
  );

/** SQLite (the server's own connection, in this process): every table read and hashed here. */
async function sqliteDigest(database: DatabaseHandle): Promise<Digest> {
  const db = database.db.withoutPlugins();
  const digest: Digest = new Map();
  for (const table of checked(await tableNames(database))) {
    const skip = WRITTEN_ON_REFUSAL.columns[table] ?? [];
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const rowHashes = rows.map((row) => createHash('sha1').update(rowText(row, skip)).digest('hex')).sort();
    digest.set(table, { rows: rows.length, hash: createHash('sha256').update(rowHashes.join()).digest('hex') });
  }
  return digest;
}

/** PostgreSQL: one query hashes every table in the database (a round trip per table was most of the cost). */
async function postgresDigest(database: DatabaseHandle): Promise<Digest> {
  const db = database.db.withoutPlugins();
  const parts: ReturnType<typeof sql>[] = [];
  for (const table of checked(await tableNames(database))) {
    const skip = WRITTEN_ON_REFUSAL.columns[table];
    let rowExpression = sql`t::text`;
    if (skip) {
      const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by column_name`.execute(db);
      rowExpression = sql`row(${sql.join(rows.filter((c) => !skip.includes(c.name)).map((c) => sql.ref(`t.${c.name}`)))})::text`;
    }
    parts.push(sql`select ${table} as name, count(*)::int as rows, coalesce(md5(string_agg(h, ',' order by h)), '') as hash from (select md5(${rowExpression}) as h from ${sql.table(table)} t) x`);
  }
  const { rows } = await sql<{ name: string; rows: number; hash: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return new Map(rows.map((r) => [r.name, { rows: r.rows, hash: r.hash }]));
}

export function digestOf(database: DatabaseHandle): Promise<Digest> {
  return database.dialect === 'sqlite' ? sqliteDigest(database) : postgresDigest(database);
}

/**
 * Watches for writes between two moments. On SQLite the server writes through the one
 * connection this process shares with it, so an unchanged total_changes() proves nothing was
 * written and spares the hashing; any change (a rolled-back write included) is then judged by
 * the digest, which sees only what stayed.
 */
export class WriteWatch {
  private digest: Digest = new Map();
  private changes = -1;
  constructor(private readonly database: DatabaseHandle) {}

  private async totalChanges(): Promise<number> {
    if (this.database.dialect !== 'sqlite') return -1;
    const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(this.database.db.withoutPlugins());
    return rows[0]!.n;
  }

  /** Takes the state to compare with from now on. */
  async mark(): Promise<void> {
    this.changes = await this.totalChanges();
    this.digest = await digestOf(this.database);
  }

  /**
   * Runs a write of the test's own (clearing a counter in a table the digest skips) without it
   * counting as a change since the mark.
   */
  async ownWrite(work: () => Promise<unknown>): Promise<void> {
    const before = await this.totalChanges();
    await work();
    if (before === this.changes) this.changes = await this.totalChanges();
  }

  /** What changed since the mark (tables with counts); the mark stays. */
  async changedSinceMark(): Promise<string[]> {
    const changes = await this.totalChanges();
    if (changes !== -1 && changes === this.changes) return [];
    return changedTables(this.digest, await digestOf(this.database));
  }
}

/** The tables whose rows differ, with their counts before → after; empty when nothing was written. */
export function changedTables(before: Digest, after: Digest): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  const changed: string[] = [];
  for (const name of [...names].sort()) {
    const a = before.get(name);
    const b = after.get(name);
    if (a?.hash !== b?.hash) changed.push(`${name} (${a?.rows ?? 'absent'} → ${b?.rows ?? 'absent'} rows)`);
  }
  return changed;
}
