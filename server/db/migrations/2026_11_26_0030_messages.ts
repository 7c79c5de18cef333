import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// In-site messages (站内消息, spec 3 "Message", 7.11, issue 14 item 1):
// 1. base_message: what was said once — an announcement (type 1) written by an administrator and
//    released, or a flow (2) or system (3) message sent by the platform. to_user_ids is a JSON array
//    of recipients, or null for an announcement to everyone. enabled_mark 0 draft, 1 released.
// 2. base_message_receive: one row per recipient once released, with that person's read state; a
//    recipient deleting "their" message deletes only this row.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_message')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('flow_type', 'integer')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_text', 'text')
    .addColumn('files', 'text')
    .addColumn('to_user_ids', 'text')
    // for flow messages: the task or record it is about (the drawer routes there)
    .addColumn('link_id', 'varchar(50)')
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('release_user_id', 'varchar(50)')
    .addColumn('release_time', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(50)')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'varchar(50)')
    .execute();
  await db.schema.createIndex('base_message_type_time').on('base_message').columns(['type', 'created_at']).execute();
  await db.schema
    .createTable('base_message_receive')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('message_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('base_message_receive_user').on('base_message_receive').columns(['user_id', 'is_read', 'created_at']).execute();
  await db.schema.createIndex('base_message_receive_once').on('base_message_receive').columns(['message_id', 'user_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_message_receive').execute();
  await db.schema.dropTable('base_message').execute();
}
