import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Data scope and per-user list columns:
// - base_module_data_scheme: the data-scope schemes of a menu entry (JNPF "数据权限方案"), granted
//   to roles as base_authorize rows of item type 'resource'. scope_type is one of all,
//   orgAndBelow, org, department, own, custom; condition_json holds a custom scheme's field
//   conditions (JSON, checked against the model's indexed fields; never SQL text).
// - base_columns_purview: the list columns a user chose for a page (GetColumnsByModuleId).
// - base_organize_relation: organisation roles' organisations. Migration 0017 (areas and roles)
//   creates it; created here only when missing, with the same columns, so data scope reads it
//   whichever branch lands first.
// - record indexes for the scope's columns, each led by the model like the list's own index.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_module_data_scheme')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('module_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('full_name_i18n', 'text')
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('scope_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('condition_json', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ux_data_scheme_code').on('base_module_data_scheme').columns(['module_id', 'en_code']).unique().execute();

  await db.schema
    .createTable('base_columns_purview')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('module_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('field_list', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ux_columns_purview').on('base_columns_purview').columns(['user_id', 'module_id']).unique().execute();

  await db.schema
    .createTable('base_organize_relation')
    .ifNotExists()
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('organize_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(50)', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('ix_authorize_item').on('base_authorize').columns(['item_type', 'item_id']).execute();
  await db.schema.createIndex('ix_vd_record_org').on('visualdev_record').columns(['model_id', 'organize_id']).execute();
  await db.schema.createIndex('ix_vd_record_dept').on('visualdev_record').columns(['model_id', 'department_id']).execute();
  await db.schema.createIndex('ix_vd_record_creator').on('visualdev_record').columns(['model_id', 'created_by']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['ix_vd_record_creator', 'ix_vd_record_dept', 'ix_vd_record_org', 'ix_authorize_item']) await db.schema.dropIndex(index).ifExists().execute();
  await db.schema.dropTable('base_columns_purview').ifExists().execute();
  await db.schema.dropTable('base_module_data_scheme').ifExists().execute();
}
