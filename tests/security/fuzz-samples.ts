import { sql } from 'kysely';
import type { DatabaseHandle } from '../../server/db';
import type { Samples } from './fuzz-inputs';

const PER_COLUMN = 8;
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/**
 * What the database holds right now, for the fuzzer to aim at: the ids of every table's rows and,
 * by column name, a few stored values (JSON text parsed as well: model definitions, record data,
 * interface parameters), so generated bodies name real parents, real models and real shapes.
 */
export async function collectSamples(database: DatabaseHandle): Promise<Samples> {
  const db = database.db.withoutPlugins();
  const tables =
    database.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and (name like 'base_%' or name = 'visualdev_record') order by name`.execute(db)).rows
      : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and (table_name like 'base_%' or table_name = 'visualdev_record') order by table_name`.execute(db)).rows;
  const ids = new Set<string>();
  const byName = new Map<string, unknown[]>();
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)} limit 40`.execute(db);
    for (const row of rows) {
      if (typeof row.id === 'string' && ids.size < 400) ids.add(row.id);
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value instanceof Uint8Array || column.endsWith('hash')) continue;
        const key = camel(column);
        const list = byName.get(key) ?? [];
        if (list.length >= PER_COLUMN) continue;
        list.push(value);
        if (typeof value === 'string' && /^[[{]/.test(value)) {
          try {
            list.push(JSON.parse(value));
          } catch {
            // text that only looks like JSON: the text itself is sample enough
          }
        }
        byName.set(key, list);
      }
    }
  }
  return { ids: [...ids], byName };
}
