import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// base_file: files uploaded through the chunked uploader or the single-request uploader (issue 13,
// spec widgets 7 "file upload"). The bytes live on disk under the upload root with a generated
// name (stored_name); nothing of the original name reaches the file system.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_file')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('extension', 'varchar(20)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    // hex MD5 of the whole file, verified by the server at merge
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('stored_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('base_file_owner_md5').on('base_file').columns(['owner_id', 'md5']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_file').execute();
}
