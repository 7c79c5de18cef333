import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// One counter that every change to who may see what (users, their organisations, positions,
// groups and roles, roles' grants, the organisation tree) increments in its own transaction.
// A cached principal remembers the counter it was built at: a request that reads a newer value
// rebuilds it, so a grant change takes effect on the next request in every server process.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_access_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('base_access_version').values({ id: 1, version: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_access_version').execute();
}
