import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// The rest of the product's personal profile (nation, native place, certificate, education,
// office phone, entry date) and the four system dictionaries its selects read: sex, Education,
// Nation and certificateType (zh-CN names; 0012 adds their zh-TW and en names). A category whose code exists already is left as it is. Gender
// values are the sex dictionary's codes: 1 男, 2 女, 3 保密 — the 0 this platform used for
// "undisclosed" becomes 3.

const SEX = [['1', '男'], ['2', '女'], ['3', '保密']];
const EDUCATION = [
  ['primary', '小学'], ['juniorHigh', '初中'], ['seniorHigh', '高中'], ['technicalSecondary', '中专'], ['juniorCollege', '大专'],
  ['bachelor', '本科'], ['master', '硕士'], ['doctor', '博士'], ['other', '其他'],
];
const CERTIFICATE_TYPE = [
  ['idCard', '身份证'], ['passport', '护照'], ['officer', '军官证'], ['hkMacauPermit', '港澳居民来往内地通行证'],
  ['taiwanPermit', '台湾居民来往大陆通行证'], ['foreignerResidence', '外国人永久居留身份证'], ['other', '其他'],
];
// GB/T 3304 codes and names.
const NATION = [
  '汉族', '蒙古族', '回族', '藏族', '维吾尔族', '苗族', '彝族', '壮族', '布依族', '朝鲜族', '满族', '侗族', '瑶族', '白族', '土家族',
  '哈尼族', '哈萨克族', '傣族', '黎族', '傈僳族', '佤族', '畲族', '高山族', '拉祜族', '水族', '东乡族', '纳西族', '景颇族', '柯尔克孜族',
  '土族', '达斡尔族', '仫佬族', '羌族', '布朗族', '撒拉族', '毛南族', '仡佬族', '锡伯族', '阿昌族', '普米族', '塔吉克族', '怒族',
  '乌孜别克族', '俄罗斯族', '鄂温克族', '德昂族', '保安族', '裕固族', '京族', '塔塔尔族', '独龙族', '鄂伦春族', '赫哲族', '门巴族',
  '珞巴族', '基诺族',
].map((name, i) => [String(i + 1).padStart(2, '0'), name]).concat([['97', '其他']]);

const CATEGORIES: { enCode: string; fullName: string; description: string; entries: string[][] }[] = [
  { enCode: 'sex', fullName: '性别', description: '用户的性别（编码即存储值）', entries: SEX },
  { enCode: 'Education', fullName: '文化程度', description: '用户的文化程度', entries: EDUCATION },
  { enCode: 'Nation', fullName: '民族', description: '用户的民族（GB/T 3304）', entries: NATION },
  { enCode: 'certificateType', fullName: '证件类型', description: '用户的证件类型', entries: CERTIFICATE_TYPE },
];

// Sortable decimal ids of the same shape as the application's (ms since 2020, sequence, random).
let sequence = 0;
const id = () => ((BigInt(Date.now() - 1577836800000) << 22n) | (BigInt(++sequence & 0x3ff) << 12n) | BigInt(randomInt(0, 4096))).toString();

export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, type] of [
    ['nation', 'varchar(50)'], ['native_place', 'varchar(50)'], ['certificates_type', 'varchar(50)'], ['certificates_number', 'varchar(50)'],
    ['education', 'varchar(50)'], ['tele_phone', 'varchar(30)'], ['entry_date', 'bigint'],
  ] as const) {
    await db.schema.alterTable('base_user_profile').addColumn(column, type).execute();
  }
  await sql`update base_user set gender = 3 where gender = 0`.execute(db);

  const now = Date.now();
  for (const [index, category] of CATEGORIES.entries()) {
    const existing = await db.selectFrom('base_dictionary_type').select('id').where('en_code', '=', category.enCode).executeTakeFirst();
    if (existing) continue;
    const typeId = id();
    await db
      .insertInto('base_dictionary_type')
      .values({ id: typeId, parent_id: '-1', full_name: category.fullName, en_code: category.enCode, is_tree: 0, sort_code: 100 + index, description: category.description, created_at: now })
      .execute();
    await db
      .insertInto('base_dictionary_data')
      .values(
        category.entries.map(([enCode, fullName], sortCode) => ({
          id: id(), dictionary_type_id: typeId, parent_id: '0', full_name: fullName, en_code: enCode, sort_code: sortCode, enabled_mark: 1, description: null, created_at: now,
        })),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['nation', 'native_place', 'certificates_type', 'certificates_number', 'education', 'tele_phone', 'entry_date']) {
    await db.schema.alterTable('base_user_profile').dropColumn(column).execute();
  }
}
