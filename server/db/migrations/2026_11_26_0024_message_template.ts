import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// 1. base_message_template: message templates (消息模板, spec 7.11, issue 11 item 5). A template
//    has a message type (what the message is: 1 announcement, 2 flow, 3 system, spec 3 and 9), a
//    channel (how it is sent: in-site, e-mail, SMS, DingTalk, WeCom, webhook), a title and a body
//    with {placeholders} the sender fills from parameters (src/runtime/message-template.ts).
// 2. The system dictionaries messageType (消息类型) and messageChannel (发送渠道) that
//    GET MessageDataType/getTypeList/1 and /2 answer with, with zh-TW and en names. Each is left
//    alone when its code exists.

type Entry = [code: string, zhCN: string, zhTW: string, en: string];
const DICTIONARIES: { enCode: string; fullName: string; i18n: Record<string, string>; description: string; sortCode: number; entries: Entry[] }[] = [
  {
    enCode: 'messageType', fullName: '消息类型', i18n: { 'zh-TW': '訊息類型', en: 'Message types' }, description: '消息与消息模板的类型', sortCode: 120,
    entries: [['1', '公告', '公告', 'Announcement'], ['2', '流程', '流程', 'Workflow'], ['3', '系统', '系統', 'System']],
  },
  {
    enCode: 'messageChannel', fullName: '发送渠道', i18n: { 'zh-TW': '發送渠道', en: 'Sending channels' }, description: '消息模板的发送渠道', sortCode: 121,
    entries: [
      ['site', '站内消息', '站內訊息', 'In-site message'],
      ['mail', '邮件', '郵件', 'E-mail'],
      ['sms', '短信', '簡訊', 'SMS'],
      ['dingTalk', '钉钉', '釘釘', 'DingTalk'],
      ['weCom', '企业微信', '企業微信', 'WeCom'],
      ['webhook', 'Webhook', 'Webhook', 'Webhook'],
    ],
  },
];

// Sortable decimal ids of the same shape as the application's (ms since 2020, sequence, random).
let sequence = 0;
const id = () => ((BigInt(Date.now() - 1577836800000) << 22n) | (BigInt(++sequence & 0x3ff) << 12n) | BigInt(randomInt(0, 4096))).toString();

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_message_template')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    // a messageType dictionary entry's code ('1', '2', '3')
    .addColumn('message_type', 'varchar(50)', (c) => c.notNull())
    // a messageChannel dictionary entry's code
    .addColumn('channel', 'varchar(50)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(50)')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'varchar(50)')
    .execute();
  await db.schema.createIndex('base_message_template_en_code').on('base_message_template').column('en_code').unique().execute();

  const now = Date.now();
  for (const dictionary of DICTIONARIES) {
    const existing = await db.selectFrom('base_dictionary_type').select('id').where('en_code', '=', dictionary.enCode).executeTakeFirst();
    if (existing) continue;
    const typeId = id();
    await db
      .insertInto('base_dictionary_type')
      .values({ id: typeId, parent_id: '-1', full_name: dictionary.fullName, full_name_i18n: JSON.stringify(dictionary.i18n), en_code: dictionary.enCode, is_tree: 0, sort_code: dictionary.sortCode, description: dictionary.description, created_at: now })
      .execute();
    await db
      .insertInto('base_dictionary_data')
      .values(dictionary.entries.map(([code, zhCN, zhTW, en], i) => ({
        id: id(), dictionary_type_id: typeId, parent_id: '0', full_name: zhCN, full_name_i18n: JSON.stringify({ 'zh-TW': zhTW, en }), en_code: code,
        sort_code: i, enabled_mark: 1, description: null, created_at: now,
      })))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_message_template').execute();
}
