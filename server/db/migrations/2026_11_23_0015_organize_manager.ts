import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Companies and departments get a manager (a user id). Codes of organisations, positions and
// permission groups are unique (the forms check first; the index settles two saves at once),
// and positions are looked up by organisation (lists filtered by an organisation subtree, the
// delete check of an organisation).
// base_organize_relation: which organisations an organisation role (base_role.global_mark 0)
// belongs to (object_type 'Role'), one row per organisation and role; an organisation is not
// deleted while roles belong to it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('base_organize').addColumn('manager_id', 'varchar(50)').execute();
  await db.schema.createIndex('ux_organize_code').on('base_organize').column('en_code').unique().execute();
  await db.schema.createIndex('ux_position_code').on('base_position').column('en_code').unique().execute();
  await db.schema.createIndex('ux_group_code').on('base_group').column('en_code').unique().execute();
  await db.schema.createIndex('ix_position_organize').on('base_position').column('organize_id').execute();
  await db.schema
    .createTable('base_organize_relation')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('organize_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_organize_relation_object').on('base_organize_relation').columns(['object_type', 'object_id']).execute();
  await db.schema.createIndex('ix_organize_relation_organize').on('base_organize_relation').columns(['organize_id', 'object_type']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_organize_relation').ifExists().execute();
  await db.schema.dropIndex('ix_position_organize').execute();
  await db.schema.dropIndex('ux_group_code').execute();
  await db.schema.dropIndex('ux_position_code').execute();
  await db.schema.dropIndex('ux_organize_code').execute();
  await db.schema.alterTable('base_organize').dropColumn('manager_id').execute();
}
