import { type Kysely, sql } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Two things the record list reads instead of walking records:
// - visualdev_record_count: each model's number of records, written in the transaction of every
//   insert and delete of its records, so an unfiltered list counts in one row (PostgreSQL
//   counted 100,000 records with a scan of their wide JSON rows, 50–70 ms).
// - visualdev_record_text.created_at: the record's creation time on its keyword text rows
//   (it never changes after creation), so a keyword search sorts its matches newest first from
//   the text rows alone and reads only the page's records.
// All are filled here from the records as they are.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('visualdev_record_count')
    .addColumn('model_id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into visualdev_record_count (model_id, total) select model_id, count(*) from visualdev_record group by model_id`.execute(db);

  await db.schema.alterTable('visualdev_record_text').addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update visualdev_record_text set created_at = coalesce((select r.created_at from visualdev_record r where r.id = visualdev_record_text.record_id), 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('visualdev_record_text').dropColumn('created_at').execute();
  await db.schema.dropTable('visualdev_record_count').ifExists().execute();
}
