import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Dictionaries (categories and entries), data interfaces with their call log, and the
// short-lived download tickets behind the export links.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_dictionary_type')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(50)', (c) => c.notNull().defaultTo('-1'))
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('is_tree', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_dictionary_type_parent').on('base_dictionary_type').column('parent_id').execute();

  await db.schema
    .createTable('base_dictionary_data')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('dictionary_type_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(50)', (c) => c.notNull().defaultTo('0'))
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_dictionary_data_type_parent').on('base_dictionary_data').columns(['dictionary_type_id', 'parent_id']).execute();
  await db.schema.createIndex('ux_dictionary_data_type_code').on('base_dictionary_data').columns(['dictionary_type_id', 'en_code']).unique().execute();

  await db.schema
    .createTable('base_data_interface')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('category_id', 'varchar(50)')
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull().unique())
    // 1 SQL, 2 static data, 3 API
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('data_source', 'varchar(50)')
    .addColumn('query_text', 'text')
    .addColumn('request_method', 'varchar(10)')
    .addColumn('path', 'varchar(1000)')
    .addColumn('request_headers', 'text')
    .addColumn('request_parameters', 'text')
    .addColumn('response_fields', 'text')
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(50)')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'varchar(50)')
    .execute();
  await db.schema.createIndex('ix_data_interface_category').on('base_data_interface').column('category_id').execute();

  await db.schema
    .createTable('base_data_interface_log')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('interface_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('invoked_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'varchar(50)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('message', 'text')
    .execute();
  await db.schema.createIndex('ix_data_interface_log_interface').on('base_data_interface_log').columns(['interface_id', 'invoked_at']).execute();

  await db.schema
    .createTable('base_export_ticket')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['base_export_ticket', 'base_data_interface_log', 'base_data_interface', 'base_dictionary_data', 'base_dictionary_type']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
