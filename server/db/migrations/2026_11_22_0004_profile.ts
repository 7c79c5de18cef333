import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Personal settings: the profile fields and preferences beside base_user, signature images,
// self-registrations awaiting approval and scan-login tickets.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_user_profile')
    .addColumn('user_id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('birthday', 'bigint')
    .addColumn('landline', 'varchar(30)')
    .addColumn('postal_address', 'varchar(200)')
    .addColumn('urgent_contacts', 'varchar(50)')
    .addColumn('urgent_telephone', 'varchar(30)')
    .addColumn('signature', 'varchar(200)')
    .addColumn('preferences', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('base_sign_img')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('sign_img', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_sign_img_user').on('base_sign_img').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('base_registration')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('mobile', 'varchar(30)', (c) => c.notNull())
    .addColumn('company_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'varchar(50)')
    .execute();
  await db.schema.createIndex('ix_registration_state').on('base_registration').columns(['state', 'created_at']).execute();

  await db.schema
    .createTable('base_scan_ticket')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(50)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['base_scan_ticket', 'base_registration', 'base_sign_img', 'base_user_profile']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
