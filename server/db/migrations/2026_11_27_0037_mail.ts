import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// The mailbox (spec 2.3 /emailDetail, 9; issue 21 item 2):
// 1. mail_account: one per user: addresses of the IMAP (receive) and SMTP (send) servers and the
//    sign-in; the password is kept encrypted (AES-256-GCM with the server's secret key), never plain.
// 2. mail_message: the user's mail in three folders (inbox, sent, draft). Received mail is
//    deduplicated by (user, folder, uid of the IMAP inbox) and by Message-ID; attachments are
//    stored files (base_file, owned by the user) named in a JSON list.
// 3. mail_sync: per user, the state of the latest background receive (idle, running, done, failed).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_account')
    .addColumn('user_id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('imap_host', 'varchar(255)', (c) => c.notNull())
    .addColumn('imap_port', 'integer', (c) => c.notNull())
    .addColumn('imap_secure', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('smtp_host', 'varchar(255)', (c) => c.notNull())
    .addColumn('smtp_port', 'integer', (c) => c.notNull())
    .addColumn('smtp_secure', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('username', 'varchar(255)', (c) => c.notNull())
    .addColumn('password_enc', 'text', (c) => c.notNull())
    // the IMAP inbox's UIDVALIDITY and the highest uid fetched: the next receive asks only for newer mail
    .addColumn('uid_validity', 'varchar(30)')
    .addColumn('last_uid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mail_message')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('folder', 'varchar(10)', (c) => c.notNull())
    .addColumn('uid', 'bigint')
    .addColumn('message_id', 'varchar(255)')
    .addColumn('in_reply_to', 'varchar(255)')
    .addColumn('from_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('to_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cc_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text_body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('read_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_message_folder').on('mail_message').columns(['user_id', 'folder', 'sent_at']).execute();
  await db.schema.createIndex('mail_message_message_id').on('mail_message').columns(['user_id', 'message_id']).execute();
  await db.schema
    .createTable('mail_sync')
    .addColumn('user_id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
    // a message key (mailbox.*) and its detail: translated when read, in the reader's language
    .addColumn('error_key', 'varchar(100)')
    .addColumn('error_detail', 'text')
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_sync').execute();
  await db.schema.dropTable('mail_message').execute();
  await db.schema.dropTable('mail_account').execute();
}
