import { type RawBuilder, sql } from 'kysely';
import type { Db, Dialect } from '../server/db';
import type { RecordQuery } from '../server/modules/visualdev/record-store';

/**
 * The baseline of bench/record-list.ts: the bench's goods as a table a developer would write by
 * hand — one typed column per field and the obvious indexes (each searched or sorted column
 * with the id as tie-break, and a trigram index over the keyword columns: SQLite FTS5, PostgreSQL
 * pg_trgm GIN). The list request is answered by plain SQL on those columns with the record
 * store's semantics (same matches, same order), so the ratio is the cost of the generic store.
 */

const COLUMNS: Record<string, string> = { goodsName: 'goods_name', goodsCode: 'goods_code', quantity: 'quantity', status: 'status', costPrice: 'cost_price' };
const column = (field: string) => {
  const name = COLUMNS[field];
  if (!name) throw new Error(`typed table has no column for ${field}`);
  return sql.raw(name);
};

export interface TypedGoods {
  id: string;
  createdAt: number;
  goodsName: string;
  goodsCode: string;
  quantity: number;
  status: string;
  costPrice: string;
}

export async function createTypedTable(db: Db, dialect: Dialect): Promise<void> {
  await sql`create table bench_goods (id varchar(50) primary key, created_at bigint not null, goods_name varchar(100), goods_code varchar(50),
    quantity double precision, status varchar(20), cost_price varchar(50))`.execute(db);
  for (const [name, columns] of [['created', 'created_at, id'], ['name', 'goods_name, id'], ['code', 'goods_code, id'], ['quantity', 'quantity, id'], ['status', 'status, id']] as const) {
    await sql`create index ${sql.raw(`ix_bench_goods_${name}`)} on bench_goods (${sql.raw(columns)})`.execute(db);
  }
  if (dialect === 'sqlite') {
    await sql`create virtual table bench_goods_fts using fts5(goods_name, goods_code, cost_price, content='bench_goods', tokenize='trigram')`.execute(db);
  } else {
    const found = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const schema = found.rows[0]?.schema;
    if (!schema) throw new Error('pg_trgm is not installed: the typed baseline needs it');
    for (const c of ['goods_name', 'goods_code', 'cost_price']) {
      await sql`create index ${sql.raw(`ix_bench_goods_trgm_${c}`)} on bench_goods using gin (${sql.raw(c)} ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
    }
  }
}

export async function fillTypedTable(db: Db, rows: TypedGoods[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows.slice(i, i + 1000).map((r) => sql`(${r.id}, ${r.createdAt}, ${r.goodsName}, ${r.goodsCode}, ${r.quantity}, ${r.status}, ${r.costPrice})`);
    await sql`insert into bench_goods (id, created_at, goods_name, goods_code, quantity, status, cost_price) values ${sql.join(values)}`.execute(db);
  }
}

/** The index is rebuilt from the content table once, after the load (the FTS5 external-content way). */
export async function indexTypedTable(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') await sql`insert into bench_goods_fts(bench_goods_fts) values ('rebuild')`.execute(db);
}

const pattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function contains(dialect: Dialect, col: RawBuilder<unknown>, text: string) {
  return dialect === 'postgres' ? sql`${col} ilike ${pattern(text)} escape '\\'` : sql`${col} like ${pattern(text)} escape '\\'`;
}

/** A page and the total of `query` from the typed table. */
export async function typedList(db: Db, dialect: Dialect, query: RecordQuery, keywordFields: string[], page: { limit: number; offset: number }) {
  const where: RawBuilder<unknown>[] = [];
  for (const f of query.filters) {
    const col = column(f.field);
    if (f.op === 'eq') where.push(sql`${col} in (${sql.join(f.values)})`);
    else if (f.op === 'like') where.push(contains(dialect, col, f.value));
    else {
      if (f.min !== null) where.push(sql`${col} >= ${f.min}`);
      if (f.max !== null) where.push(sql`${col} <= ${f.max}`);
    }
  }
  if (query.keyword) {
    const text = query.keyword.text;
    where.push(sql`(${sql.join(keywordFields.map((k) => contains(dialect, column(k), text)), sql` or `)})`);
    if (dialect === 'sqlite' && [...text].length >= 3) {
      where.push(sql`rowid in (select rowid from bench_goods_fts where bench_goods_fts match ${`"${text.replace(/"/g, '""')}"`})`);
    }
  }
  const condition = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const { field, order } = query.sort;
  const dir = sql.raw(order);
  const orderBy = field ? sql`order by ${column(field)} ${dir}, id ${dir}` : sql`order by created_at ${dir}, id ${dir}`;
  const [rows, count] = await Promise.all([
    sql<{ id: string }>`select id, created_at, goods_name, goods_code, quantity, status, cost_price from bench_goods ${condition} ${orderBy} limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{ total: number | string }>`select count(*) as total from bench_goods ${condition}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}
