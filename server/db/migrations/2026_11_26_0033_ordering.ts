import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// The goods, orders and logistics of the ordering front end (issue 15; rules in docs/BUSINESS.md).
// Money is integer fen; weights are integer kilograms; prices are fen per tonne.
// 1. biz_warehouse, biz_goods (with its latest price), biz_price (every price set: the history),
//    biz_price_alert (a user's threshold on a good, fired once when crossed).
// 2. biz_stock (what a warehouse holds of a good, never below zero) and biz_stock_ledger (every
//    change of it, in the same transaction).
// 3. biz_order and biz_order_line: what a customer organisation bought, at which price, paid how.
// 4. biz_wait_goods: the goods a confirmed order (or a transfer) put into an organisation's pool
//    awaiting pickup; biz_pickup and biz_pickup_line draw from it; biz_outbound_line records what
//    the warehouse confirmed (the actual weight) for each pickup line.
// 5. biz_settlement (one per order: ordered against actual) and biz_invoice (requested, issued,
//    rejected).
export async function up(db: Kysely<any>): Promise<void> {
  const table = (name: string) => db.schema.createTable(name).addColumn('id', 'varchar(50)', (c) => c.primaryKey());
  await table('biz_warehouse')
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await table('biz_goods')
    // category, e.g. 螺纹钢, 热轧卷板: a pickup without specification draws by category
    .addColumn('category', 'varchar(50)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('material', 'varchar(50)')
    .addColumn('spec', 'varchar(100)')
    .addColumn('unit', 'varchar(10)', (c) => c.notNull().defaultTo('吨'))
    .addColumn('warehouse_id', 'varchar(50)', (c) => c.notNull())
    // the latest price (fen per tonne) and when it was set; null until the first price
    .addColumn('price', 'bigint')
    .addColumn('price_at', 'bigint')
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'varchar(50)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await table('biz_price')
    .addColumn('goods_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(50)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('biz_price_goods_time').on('biz_price').columns(['goods_id', 'created_at']).execute();
  await table('biz_price_alert')
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('goods_id', 'varchar(50)', (c) => c.notNull())
    // 'above': fires when the price rises to the threshold or over; 'below': falls to it or under
    .addColumn('direction', 'varchar(10)', (c) => c.notNull())
    .addColumn('threshold', 'bigint', (c) => c.notNull())
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('fired_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('biz_price_alert_goods').on('biz_price_alert').columns(['goods_id', 'enabled_mark']).execute();

  await table('biz_stock')
    .addColumn('warehouse_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('goods_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('kg', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('biz_stock_place', ['warehouse_id', 'goods_id'])
    .execute();
  await table('biz_stock_ledger')
    .addColumn('stock_id', 'varchar(50)', (c) => c.notNull())
    // receipt (goods in), outbound (a confirmed outbound line), adjust (a count correction)
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('kg_delta', 'bigint', (c) => c.notNull())
    .addColumn('kg_after', 'bigint', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(30)')
    .addColumn('ref_id', 'varchar(50)')
    .addColumn('note', 'varchar(500)')
    .addColumn('created_by', 'varchar(50)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('biz_stock_ledger_stock_time').on('biz_stock_ledger').columns(['stock_id', 'created_at']).execute();

  await table('biz_order')
    .addColumn('order_no', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('organize_id', 'varchar(50)', (c) => c.notNull())
    // 1 placed (funds held, may be cancelled), 2 confirmed (goods awaiting pickup), 3 cancelled, 4 settled
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    // how it is paid: the capital pool's hold and the credit used; pool + credit = amount
    .addColumn('pool_amount', 'bigint', (c) => c.notNull())
    .addColumn('credit_amount', 'bigint', (c) => c.notNull())
    // after settlement: what the actual weights cost; invoiced: what invoices requested (not rejected)
    .addColumn('settled_amount', 'bigint')
    .addColumn('invoiced_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(500)')
    .addColumn('created_by', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_by', 'varchar(50)')
    .addColumn('confirmed_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema.createIndex('biz_order_org_time').on('biz_order').columns(['organize_id', 'created_at']).execute();
  await table('biz_order_line')
    .addColumn('order_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('goods_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('warehouse_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('kg', 'bigint', (c) => c.notNull())
    // fen per tonne when ordered, and round(price × kg / 1000)
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('biz_order_line_order').on('biz_order_line').column('order_id').execute();

  await table('biz_wait_goods')
    .addColumn('organize_id', 'varchar(50)', (c) => c.notNull())
    // the order line the goods were bought by; a transfer's row keeps its source's line
    .addColumn('order_line_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('goods_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('warehouse_id', 'varchar(50)', (c) => c.notNull())
    // kg_total: what the row holds; kg_reserved: drawn by pickups not cancelled (≤ total);
    // kg_transferred: given to another organisation (already taken out of total)
    .addColumn('kg_total', 'bigint', (c) => c.notNull())
    .addColumn('kg_reserved', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('kg_transferred', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('source_id', 'varchar(50)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('biz_wait_goods_org').on('biz_wait_goods').columns(['organize_id', 'goods_id']).execute();
  await table('biz_pickup')
    .addColumn('pickup_no', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('organize_id', 'varchar(50)', (c) => c.notNull())
    // 1 requested (awaiting the warehouse), 2 done (outbound confirmed), 3 cancelled
    .addColumn('status', 'integer', (c) => c.notNull())
    // a pickup without specification names a category and a weight instead of pool rows
    .addColumn('no_spec', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'varchar(50)')
    .addColumn('vehicle', 'varchar(30)', (c) => c.notNull())
    .addColumn('driver', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('planned_date', 'bigint', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('created_by', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_by', 'varchar(50)')
    .addColumn('confirmed_at', 'bigint')
    .execute();
  await db.schema.createIndex('biz_pickup_org_time').on('biz_pickup').columns(['organize_id', 'created_at']).execute();
  await table('biz_pickup_line')
    .addColumn('pickup_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('wait_goods_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('kg', 'bigint', (c) => c.notNull())
    // the weight the warehouse confirmed on the outbound order; null until then
    .addColumn('kg_actual', 'bigint')
    .execute();
  await db.schema.createIndex('biz_pickup_line_pickup').on('biz_pickup_line').column('pickup_id').execute();
  await db.schema.createIndex('biz_pickup_line_wait').on('biz_pickup_line').column('wait_goods_id').execute();

  await table('biz_settlement')
    .addColumn('order_id', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('organize_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('ordered_amount', 'bigint', (c) => c.notNull())
    .addColumn('actual_amount', 'bigint', (c) => c.notNull())
    .addColumn('ordered_kg', 'bigint', (c) => c.notNull())
    .addColumn('actual_kg', 'bigint', (c) => c.notNull())
    // the movements it made: deducted from the hold, released, charged, credit kept and given back
    .addColumn('deducted', 'bigint', (c) => c.notNull())
    .addColumn('released', 'bigint', (c) => c.notNull())
    .addColumn('charged', 'bigint', (c) => c.notNull())
    .addColumn('credit_kept', 'bigint', (c) => c.notNull())
    .addColumn('credit_released', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('biz_settlement_org_time').on('biz_settlement').columns(['organize_id', 'created_at']).execute();
  await table('biz_invoice')
    .addColumn('invoice_no', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('organize_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('tax_no', 'varchar(30)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    // 1 requested, 2 issued, 3 rejected
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    // the issued invoice's file (a stored upload's JSON), when staff attach one
    .addColumn('file_json', 'text')
    .addColumn('created_by', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('handled_by', 'varchar(50)')
    .addColumn('handled_at', 'bigint')
    .execute();
  await db.schema.createIndex('biz_invoice_org_time').on('biz_invoice').columns(['organize_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['biz_invoice', 'biz_settlement', 'biz_pickup_line', 'biz_pickup', 'biz_wait_goods', 'biz_order_line', 'biz_order', 'biz_stock_ledger', 'biz_stock', 'biz_price_alert', 'biz_price', 'biz_goods', 'biz_warehouse']) {
    await db.schema.dropTable(table).execute();
  }
}
