import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// 1. base_bill_rule: numbering rules (单据规则, spec 3, 5.5 and 7.13). A number is prefix + the
//    date in date_format + the running number padded to digit places. The running counter lives
//    on the rule's own row (last_number, last_period: the date part it was issued in, '' for the
//    format 'no', null before the first number), so issuing one is a single UPDATE … RETURNING of
//    that row: atomic on both dialects, whatever the number of processes.
// 2. base_bill_rule_issued: numbers handed out by GET BillNumber/{code} and not yet saved in a
//    record; a record created with one of them keeps it (the row is deleted), any other value
//    the client sends for a serial field is replaced by a new number.
// 3. The system dictionary businessType (业务分类) the rule form's category select and the
//    numbering picker's tree read, with zh-TW and en names. Left alone when the code exists.

const CATEGORY = { enCode: 'businessType', fullName: '业务分类', i18n: { 'zh-TW': '業務分類', en: 'Business categories' }, description: '单据规则的业务分类' };
const ENTRIES: [code: string, zhCN: string, zhTW: string, en: string][] = [
  ['purchase', '采购业务', '採購業務', 'Purchasing'],
  ['sales', '销售业务', '銷售業務', 'Sales'],
  ['warehouse', '仓储业务', '倉儲業務', 'Warehousing'],
  ['finance', '财务业务', '財務業務', 'Finance'],
  ['personnel', '人事业务', '人事業務', 'Personnel'],
  ['other', '其他业务', '其他業務', 'Other'],
];

// Sortable decimal ids of the same shape as the application's (ms since 2020, sequence, random).
let sequence = 0;
const id = () => ((BigInt(Date.now() - 1577836800000) << 22n) | (BigInt(++sequence & 0x3ff) << 12n) | BigInt(randomInt(0, 4096))).toString();

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_bill_rule')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    // the businessType dictionary entry's code
    .addColumn('category', 'varchar(50)')
    .addColumn('prefix', 'varchar(50)', (c) => c.notNull())
    // yyyyMMdd, yyyyMM, yyyy or no
    .addColumn('date_format', 'varchar(10)', (c) => c.notNull())
    .addColumn('digit', 'integer', (c) => c.notNull())
    // as typed (digits only); counted as a number
    .addColumn('start_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('last_number', 'bigint')
    .addColumn('last_period', 'varchar(10)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(50)')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'varchar(50)')
    .execute();
  await db.schema.createIndex('base_bill_rule_en_code').on('base_bill_rule').column('en_code').unique().execute();

  await db.schema
    .createTable('base_bill_rule_issued')
    .addColumn('rule_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('number', 'varchar(120)', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('issued_by', 'varchar(50)')
    .addPrimaryKeyConstraint('base_bill_rule_issued_pk', ['rule_id', 'number'])
    .execute();
  await db.schema.createIndex('base_bill_rule_issued_at').on('base_bill_rule_issued').column('issued_at').execute();

  const existing = await db.selectFrom('base_dictionary_type').select('id').where('en_code', '=', CATEGORY.enCode).executeTakeFirst();
  if (existing) return;
  const now = Date.now();
  const typeId = id();
  await db
    .insertInto('base_dictionary_type')
    .values({ id: typeId, parent_id: '-1', full_name: CATEGORY.fullName, full_name_i18n: JSON.stringify(CATEGORY.i18n), en_code: CATEGORY.enCode, is_tree: 0, sort_code: 110, description: CATEGORY.description, created_at: now })
    .execute();
  await db
    .insertInto('base_dictionary_data')
    .values(ENTRIES.map(([code, zhCN, zhTW, en], i) => ({
      id: id(), dictionary_type_id: typeId, parent_id: '0', full_name: zhCN, full_name_i18n: JSON.stringify({ 'zh-TW': zhTW, en }), en_code: code,
      sort_code: i, enabled_mark: 1, description: null, created_at: now,
    })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_bill_rule_issued').execute();
  await db.schema.dropTable('base_bill_rule').execute();
}
