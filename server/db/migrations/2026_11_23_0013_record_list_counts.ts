import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// What the record list reads instead of walking records:
// - visualdev_record_count: each model's number of records, written in the transaction of every
//   insert and delete of its records, so an unfiltered list counts in one row (PostgreSQL
//   counted 100,000 records with a scan of their wide JSON rows, 50–70 ms).
// - visualdev_record_text.created_at: the record's creation time on its keyword text rows
//   (it never changes after creation), so a keyword search sorts its matches newest first from
//   the text rows alone and reads only the page's records.
// - SQLite: visualdev_record_value rebuilt WITHOUT ROWID (same columns, key and indexes), so
//   checking a record's field is one search of its primary key instead of the key's index and
//   then the table (the matches of a filter check one field per record of another's range).
// All are filled here from the records as they are.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('visualdev_record_count')
    .addColumn('model_id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into visualdev_record_count (model_id, total) select model_id, count(*) from visualdev_record group by model_id`.execute(db);

  await db.schema.alterTable('visualdev_record_text').addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create table visualdev_record_value_new (
      record_id varchar(50) not null, model_id varchar(50) not null, field varchar(100) not null,
      text_value varchar(500), num_value double precision,
      constraint pk_vd_record_value primary key (record_id, field)) without rowid`.execute(db);
    await sql`insert into visualdev_record_value_new (record_id, model_id, field, text_value, num_value)
      select record_id, model_id, field, text_value, num_value from visualdev_record_value`.execute(db);
    await db.schema.dropTable('visualdev_record_value').execute();
    await sql`alter table visualdev_record_value_new rename to visualdev_record_value`.execute(db);
    await db.schema.createIndex('ix_vd_value_text').on('visualdev_record_value').columns(['model_id', 'field', 'text_value', 'record_id']).execute();
    await db.schema.createIndex('ix_vd_value_num').on('visualdev_record_value').columns(['model_id', 'field', 'num_value', 'record_id']).execute();
  }
  await sql`update visualdev_record_text set created_at = coalesce((select r.created_at from visualdev_record r where r.id = visualdev_record_text.record_id), 0)`.execute(db);
}

// down leaves SQLite's value table WITHOUT ROWID: same columns, key, indexes and answers.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('visualdev_record_text').dropColumn('created_at').execute();
  await db.schema.dropTable('visualdev_record_count').ifExists().execute();
}
