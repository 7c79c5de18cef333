import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// base_print_log: one row per print of a record through a print template (打印日志, spec 7
// "After printing: printLog/save", issue 13 item 8): who printed, when, which template, model and
// record, under which title, how many copies.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_print_log')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('template_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('model_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('print_title', 'varchar(200)', (c) => c.notNull())
    .addColumn('print_num', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('base_print_log_created_at').on('base_print_log').column('created_at').execute();
  await db.schema.createIndex('base_print_log_template').on('base_print_log').column('template_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_print_log').execute();
}
