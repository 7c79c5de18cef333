import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// A text index for the list's keyword box: one row per record and keyword field
// (visualdev_record_text, the same text as the value index) with a trigram index over it —
// SQLite: an FTS5 table (trigram tokenizer) whose content is that table, kept in step by
// triggers; PostgreSQL: a GIN index of pg_trgm, when the extension exists or the user may
// create it (without it keyword search still works, by scanning).
// The rows are written by the application (it knows the keyword fields), so every model's
// index signature is cleared, and its released hash, so no process answers from a model it
// compiled before: the next load of a model re-indexes its records.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('visualdev_record_text')
    // SQLite: an integer primary key is the rowid, which the FTS table refers to
    .addColumn('id', sqlite ? 'integer' : 'bigserial', (c) => c.primaryKey())
    .addColumn('record_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('model_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('field', 'varchar(100)', (c) => c.notNull())
    .addColumn('text_value', 'varchar(500)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_vd_text_record').on('visualdev_record_text').columns(['record_id']).execute();
  await db.schema.createIndex('ix_vd_text_model').on('visualdev_record_text').columns(['model_id', 'field']).execute();

  if (sqlite) {
    await sql`create virtual table visualdev_record_fts using fts5(text_value, content='visualdev_record_text', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`create trigger tr_vd_text_insert after insert on visualdev_record_text begin
      insert into visualdev_record_fts(rowid, text_value) values (new.id, new.text_value); end`.execute(db);
    await sql`create trigger tr_vd_text_delete after delete on visualdev_record_text begin
      insert into visualdev_record_fts(visualdev_record_fts, rowid, text_value) values ('delete', old.id, old.text_value); end`.execute(db);
    await sql`create trigger tr_vd_text_update after update on visualdev_record_text begin
      insert into visualdev_record_fts(visualdev_record_fts, rowid, text_value) values ('delete', old.id, old.text_value);
      insert into visualdev_record_fts(rowid, text_value) values (new.id, new.text_value); end`.execute(db);
  } else {
    // The extension lives in one schema for the whole database (public where allowed), so a
    // schema dropped with cascade (tests use one per file) never takes it from the others.
    await sql`do $$
      begin
        if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
          begin
            create extension pg_trgm with schema public;
          exception when others then
            begin
              create extension pg_trgm;
            exception when others then
              raise notice 'pg_trgm not available (%): keyword search scans', sqlerrm;
            end;
          end;
        end if;
      end $$`.execute(db);
    const found = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const schema = found.rows[0]?.schema;
    if (schema) {
      await sql`create index ix_vd_text_trgm on visualdev_record_text using gin (text_value ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
    }
  }
  await db.updateTable('base_visualdev').set({ index_signature: null, released_hash: null }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) await sql`drop table if exists visualdev_record_fts`.execute(db);
  await db.schema.dropTable('visualdev_record_text').ifExists().execute();
  await db.updateTable('base_visualdev').set({ index_signature: null }).execute();
}
