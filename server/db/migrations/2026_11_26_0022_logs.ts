import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Logs of the administration console (issue 11 item 7):
// 1. base_login_log gains `kind` ('login' for every sign-in attempt, 'logout' for a sign-out) and
//    an index on created_at, which the console's time filter and the retention pruning read.
// 2. base_request_log: one row per /api request (method, path without the query, status,
//    duration in milliseconds, user, address), written in batches outside the request.
// 3. base_audit_log: one row per create, update or delete of an administered entity or a record,
//    written in the change's own transaction; `changes` is JSON [{ field, before, after }] of an
//    allow-listed projection of the row (never password hashes or secrets).
// 4. An index on base_data_interface_log.invoked_at for the same pruning.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('base_login_log').addColumn('kind', 'varchar(10)', (c) => c.notNull().defaultTo('login')).execute();
  await db.schema.createIndex('ix_login_log_created').on('base_login_log').column('created_at').execute();

  await db.schema
    .createTable('base_request_log')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'double precision', (c) => c.notNull())
    .addColumn('user_id', 'varchar(50)')
    .addColumn('account', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('ix_request_log_created').on('base_request_log').column('created_at').execute();

  await db.schema
    .createTable('base_audit_log')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(50)')
    .addColumn('actor_account', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('entity', 'varchar(50)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('entity_name', 'varchar(200)')
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_audit_log_created').on('base_audit_log').column('created_at').execute();
  await db.schema.createIndex('ix_audit_log_entity').on('base_audit_log').columns(['entity', 'entity_id']).execute();

  await db.schema.createIndex('ix_data_interface_log_invoked').on('base_data_interface_log').column('invoked_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ix_data_interface_log_invoked').ifExists().execute();
  await db.schema.dropTable('base_audit_log').ifExists().execute();
  await db.schema.dropTable('base_request_log').ifExists().execute();
  await db.schema.dropIndex('ix_login_log_created').ifExists().execute();
  await db.schema.alterTable('base_login_log').dropColumn('kind').execute();
}
