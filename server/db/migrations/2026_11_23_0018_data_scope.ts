import { type Kysely, sql } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Data scope and per-user list columns:
// - base_module_data_scheme: the data-scope schemes of a menu entry (JNPF "数据权限方案"), granted
//   to roles as base_authorize rows of item type 'resource'. scope_type is one of all,
//   orgAndBelow, org, department, own, custom; condition_json holds a custom scheme's field
//   conditions (JSON, checked against the model's indexed fields; never SQL text).
// - base_columns_purview: the list columns a user chose for a page (GetColumnsByModuleId).
// - record indexes for the scope's columns, each led by the model and followed by the list's
//   default order (created_at, id), so a scope of one value walks its own records in list order.
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

  // Each model's records per value of the scope's columns, kept with every insert and delete
  // (those columns never change after insert), so a list scoped to one column counts without
  // reading the records (the unscoped list reads visualdev_record_count the same way).
  await db.schema
    .createTable('visualdev_record_scope_count')
    .addColumn('model_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('scope_column', 'varchar(20)', (c) => c.notNull())
    .addColumn('value', 'varchar(50)', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_vd_record_scope_count', ['model_id', 'scope_column', 'value'])
    .execute();
  for (const [name, column] of [['organizeId', 'organize_id'], ['departmentId', 'department_id'], ['createdBy', 'created_by']] as const) {
    await sql`insert into visualdev_record_scope_count (model_id, scope_column, value, total)
      select model_id, ${name}, ${sql.ref(column)}, count(*) from visualdev_record where ${sql.ref(column)} is not null group by model_id, ${sql.ref(column)}`.execute(db);
  }

  await db.schema.createIndex('ix_authorize_item').on('base_authorize').columns(['item_type', 'item_id']).execute();
  await db.schema.createIndex('ix_vd_record_org').on('visualdev_record').columns(['model_id', 'organize_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('ix_vd_record_dept').on('visualdev_record').columns(['model_id', 'department_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('ix_vd_record_creator').on('visualdev_record').columns(['model_id', 'created_by', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['ix_vd_record_creator', 'ix_vd_record_dept', 'ix_vd_record_org', 'ix_authorize_item']) await db.schema.dropIndex(index).ifExists().execute();
  await db.schema.dropTable('visualdev_record_scope_count').ifExists().execute();
  await db.schema.dropTable('base_columns_purview').ifExists().execute();
  await db.schema.dropTable('base_module_data_scheme').ifExists().execute();
}
