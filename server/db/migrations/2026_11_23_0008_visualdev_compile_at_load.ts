import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Models are compiled from their released definition when they are loaded, no longer stored
// compiled: the released definition's hash identifies it, and the signature of the value
// index records which fields the stored records are indexed by.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('base_visualdev').addColumn('released_hash', 'varchar(64)').execute();
  await db.schema.alterTable('base_visualdev').addColumn('index_signature', 'varchar(64)').execute();
  await db.schema.alterTable('base_visualdev').dropColumn('compiled').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('base_visualdev').addColumn('compiled', 'text').execute();
  await db.schema.alterTable('base_visualdev').dropColumn('index_signature').execute();
  await db.schema.alterTable('base_visualdev').dropColumn('released_hash').execute();
}
