import { type Kysely, sql } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Written with portable column types so SQLite and PostgreSQL share it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_system')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('icon', 'varchar(100)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('base_organize')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_organize_parent').on('base_organize').column('parent_id').execute();

  for (const table of ['base_position', 'base_group', 'base_role']) {
    let builder = db.schema
      .createTable(table)
      .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
      .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
      .addColumn('type', 'varchar(50)')
      .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('description', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull());
    if (table === 'base_position') builder = builder.addColumn('organize_id', 'varchar(50)', (c) => c.notNull());
    if (table === 'base_role') builder = builder.addColumn('global_mark', 'integer', (c) => c.notNull().defaultTo(1));
    await builder.execute();
  }

  await db.schema
    .createTable('base_user')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('account', 'varchar(100)', (c) => c.notNull())
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(30)')
    .addColumn('email', 'varchar(100)')
    .addColumn('gender', 'integer')
    .addColumn('head_icon', 'varchar(255)')
    .addColumn('sign_img', 'text')
    .addColumn('organize_id', 'varchar(50)')
    .addColumn('position_id', 'varchar(50)')
    .addColumn('manager_id', 'varchar(50)')
    .addColumn('is_administrator', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_kind', 'varchar(20)', (c) => c.notNull().defaultTo('staff'))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('theme', 'varchar(30)')
    .addColumn('language', 'varchar(20)')
    .addColumn('portal_id', 'varchar(50)')
    .addColumn('change_password_date', 'bigint')
    .addColumn('prev_login_time', 'bigint')
    .addColumn('prev_login_ip', 'varchar(64)')
    .addColumn('last_login_time', 'bigint')
    .addColumn('last_login_ip', 'varchar(64)')
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  // Accounts compare case-insensitively: the unique index is on the lower-cased form.
  await sql`create unique index ux_user_account on base_user (lower(account))`.execute(db);
  await db.schema.createIndex('ix_user_mobile').on('base_user').column('mobile').execute();

  await db.schema
    .createTable('base_user_relation')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ix_relation_user').on('base_user_relation').columns(['user_id', 'object_type']).execute();
  await db.schema.createIndex('ix_relation_object').on('base_user_relation').columns(['object_type', 'object_id']).execute();

  await db.schema
    .createTable('base_module')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('system_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('icon', 'varchar(100)')
    .addColumn('url_address', 'varchar(500)')
    .addColumn('link_target', 'varchar(20)')
    .addColumn('property_json', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_module_parent').on('base_module').column('parent_id').execute();

  await db.schema
    .createTable('base_module_item')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('module_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ix_module_item_module').on('base_module_item').columns(['module_id', 'kind']).execute();

  await db.schema
    .createTable('base_authorize')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('object_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('item_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ux_authorize')
    .on('base_authorize')
    .columns(['object_type', 'object_id', 'item_type', 'item_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('base_sys_config')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('base_session')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_code', 'integer')
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .execute();
  await db.schema.createIndex('ix_session_user').on('base_session').column('user_id').execute();

  await db.schema
    .createTable('base_login_log')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)')
    .addColumn('account', 'varchar(100)', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('message', 'varchar(500)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_login_log_user').on('base_login_log').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('base_login_failure')
    .addColumn('account', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failed_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();

  await db.schema
    .createTable('base_sms_code')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(30)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ix_sms_phone').on('base_sms_code').columns(['phone', 'created_at']).execute();

  await db.schema
    .createTable('base_captcha')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'base_captcha', 'base_sms_code', 'base_login_failure', 'base_login_log', 'base_session',
    'base_sys_config', 'base_authorize', 'base_module_item', 'base_module', 'base_user_relation',
    'base_user', 'base_role', 'base_group', 'base_position', 'base_organize', 'base_system',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
