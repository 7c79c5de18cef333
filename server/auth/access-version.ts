import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The access counter (migration 0014). Call `bumpAccessVersion` inside the transaction of every
 * write that changes what someone may see or do: users (enabled, organisation, manager, major
 * position), user relations (roles, positions, groups, organisations), roles (enabled, deleted,
 * organisations), grants (base_authorize, data-scope schemes), the organisation tree. Principal
 * caches compare against `readAccessVersion`, so the change holds from the next request on.
 */
export async function bumpAccessVersion(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('baseAccessVersion')
    .set({ version: sql`version + 1` })
    .where('id', '=', 1)
    .execute();
}

export async function readAccessVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('baseAccessVersion').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}
