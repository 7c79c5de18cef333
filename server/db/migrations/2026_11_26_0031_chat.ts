import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Real-time chat (spec 3 "Chat conversation", "Chat message", 7.11 imreply, 7.12; issue 14 items 3-4):
// 1. base_im_content: every chat message once, stored before it is acknowledged. content_type
//    text, image, voice or video; content is the text, or JSON describing the file (file_id names it).
// 2. base_im_reply: each person's conversation with a contact (the drawer's 'messages' list):
//    hidden when they removed it (it comes back with the next message), cleared_at hides the
//    history up to that moment for them alone ('delete chat records').
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_im_content')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('send_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('receive_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // image, voice and video: the uploaded file (its readers are the two people of the chat)
    .addColumn('file_id', 'varchar(50)')
    .addColumn('send_time', 'bigint', (c) => c.notNull())
    .addColumn('read_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receive_time', 'bigint')
    .execute();
  await db.schema.createIndex('base_im_content_pair').on('base_im_content').columns(['send_user_id', 'receive_user_id', 'send_time']).execute();
  await db.schema.createIndex('base_im_content_file').on('base_im_content').column('file_id').execute();
  await db.schema.createIndex('base_im_content_unread').on('base_im_content').columns(['receive_user_id', 'read_state']).execute();
  await db.schema
    .createTable('base_im_reply')
    .addColumn('id', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('contact_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('latest_time', 'bigint', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cleared_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('base_im_reply_owner').on('base_im_reply').columns(['user_id', 'contact_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_im_reply').execute();
  await db.schema.dropTable('base_im_content').execute();
}
