import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// The money of the ordering front end (issue 15 items 2-3; rules in docs/BUSINESS.md). Amounts are
// integers in fen (minor units).
// 1. biz_account: one per customer organisation (its company): the capital pool (balance, frozen;
//    available = balance - frozen) and the credit line (limit, used; available = limit - used).
// 2. biz_ledger: every movement, written in the same transaction as the change it records, with the
//    deltas it applied and the account's figures after it; an account's balance, frozen and credit
//    used are always the sums of its ledger's deltas.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('biz_account')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('organize_id', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('frozen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_limit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('biz_ledger')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(50)', (c) => c.notNull())
    // deposit, freeze, release, deduct, refund, charge, creditLimit, creditUse, creditRelease, creditRepay
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('balance_delta', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('frozen_delta', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_used_delta', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_limit_after', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('frozen_after', 'bigint', (c) => c.notNull())
    .addColumn('credit_used_after', 'bigint', (c) => c.notNull())
    // what the movement is about (an order, a settlement…), and its id
    .addColumn('ref_type', 'varchar(30)')
    .addColumn('ref_id', 'varchar(50)')
    .addColumn('note', 'varchar(500)')
    .addColumn('created_by', 'varchar(50)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('biz_ledger_account_time').on('biz_ledger').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('biz_ledger').execute();
  await db.schema.dropTable('biz_account').execute();
}
