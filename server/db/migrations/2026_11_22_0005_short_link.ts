import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Form short links (spec platform 2.1, /formShortLink): one link per model that lets people
// without an account fill its form; the submissions made through it (with the hash of a
// receipt that shows that one record again); and the hits counted for rate limits.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_visualdev_short_link')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('model_id', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('allow_fill', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('allow_view', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('expires_at', 'bigint')
    .addColumn('max_submissions', 'integer')
    .addColumn('submissions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(50)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(50)')
    .addColumn('updated_at', 'bigint')
    .execute();

  await db.schema
    .createTable('base_visualdev_short_link_submission')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('link_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('model_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('receipt_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('receipt_expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_short_link_submission_link').on('base_visualdev_short_link_submission').columns(['link_id', 'created_at']).execute();

  await db.schema
    .createTable('base_visualdev_short_link_hit')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('link_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_short_link_hit').on('base_visualdev_short_link_hit').columns(['link_id', 'ip', 'kind', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['base_visualdev_short_link_hit', 'base_visualdev_short_link_submission', 'base_visualdev_short_link']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
