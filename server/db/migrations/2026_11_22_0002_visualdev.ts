import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Visual development: model definitions, and the records of models without bound tables
// (one JSON document per record) with a per-field value index for search, sort and paging.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_visualdev')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('category', 'varchar(100)')
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('web_type', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('form_data', 'text')
    .addColumn('column_data', 'text')
    .addColumn('tables', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('released_form_data', 'text')
    .addColumn('released_column_data', 'text')
    .addColumn('compiled', 'text')
    .addColumn('released_at', 'bigint')
    .addColumn('source_file', 'varchar(255)')
    .addColumn('source_hash', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(50)')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'varchar(50)')
    .execute();
  await db.schema.createIndex('ix_visualdev_category').on('base_visualdev').columns(['category', 'sort_code']).execute();

  await db.schema
    .createTable('visualdev_record')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('model_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(50)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_by', 'varchar(50)')
    .addColumn('modified_at', 'bigint')
    .addColumn('organize_id', 'varchar(50)')
    .addColumn('department_id', 'varchar(50)')
    .addColumn('position_id', 'varchar(50)')
    .execute();
  await db.schema.createIndex('ix_vd_record_model').on('visualdev_record').columns(['model_id', 'created_at', 'id']).execute();

  // One row per record and indexed field (list columns, search fields, keyword fields, tree/group
  // fields), written in the record's transaction. Filters are EXISTS on it; sorts join it.
  await db.schema
    .createTable('visualdev_record_value')
    .addColumn('record_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('model_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('field', 'varchar(100)', (c) => c.notNull())
    .addColumn('text_value', 'varchar(500)')
    .addColumn('num_value', 'double precision')
    .addPrimaryKeyConstraint('pk_vd_record_value', ['record_id', 'field'])
    .execute();
  await db.schema.createIndex('ix_vd_value_text').on('visualdev_record_value').columns(['model_id', 'field', 'text_value', 'record_id']).execute();
  await db.schema.createIndex('ix_vd_value_num').on('visualdev_record_value').columns(['model_id', 'field', 'num_value', 'record_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['visualdev_record_value', 'visualdev_record', 'base_visualdev']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
