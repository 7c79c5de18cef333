import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// base_module_removed: the codes of menu entries an administrator deleted (menu management,
// issue 11 item 5). schemas/menu.json is merged into the menu at every start (matched by code);
// a code listed here is not added again, so a deleted file entry stays deleted. Creating an entry
// with the code again takes it off the list.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_module_removed')
    .addColumn('en_code', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('removed_at', 'bigint', (c) => c.notNull())
    .addColumn('removed_by', 'varchar(50)')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_module_removed').execute();
}
