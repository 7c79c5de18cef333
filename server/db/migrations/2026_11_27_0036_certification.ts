import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Enterprise certification (issue 21 item 1; docs/BUSINESS.md "Enterprise certification").
// biz_certification: one row per customer organisation (a company): what it submitted for review.
// status 0 draft, 1 submitted (awaiting review), 2 approved, 3 rejected. certified_at is set at the
// first approval and stays set: a later submission under review leaves the organisation certified
// (on the approved data, kept in approved_json) until staff decide it. version guards updates.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('biz_certification')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('organize_id', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('company_name', 'varchar(100)')
    // 统一社会信用代码: 18 characters with a check character
    .addColumn('credit_code', 'varchar(18)')
    .addColumn('legal_person', 'varchar(50)')
    // the address picker's value: area ids from the province down, as JSON
    .addColumn('area', 'varchar(500)')
    .addColumn('address', 'varchar(200)')
    // the business licence: a stored upload {name, fileId, url} as JSON
    .addColumn('licence_file', 'varchar(1000)')
    // contacts: [{name, phone, title}] as JSON
    .addColumn('contacts', 'text')
    .addColumn('reason', 'varchar(500)')
    // the data of the last approval (JSON), shown while a later submission is under review
    .addColumn('approved_json', 'text')
    .addColumn('submitted_by', 'varchar(50)')
    .addColumn('submitted_at', 'bigint')
    .addColumn('reviewed_by', 'varchar(50)')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('certified_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await db.schema.createIndex('biz_certification_status').on('biz_certification').columns(['status', 'submitted_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('biz_certification').execute();
}
