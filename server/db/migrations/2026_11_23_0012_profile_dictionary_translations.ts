import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// The four system dictionaries the profile's selects read (sex, Education, Nation,
// certificateType, seeded in zh-CN by 0007) get their zh-TW and en names in full_name_i18n
// (added by 0010), like every other dictionary. Only rows still carrying the seeded zh-CN name
// and no translations are touched: an administrator's rename or translation wins.

type Row = [code: string, zhCN: string, zhTW: string, en: string];

const CATEGORIES: Row[] = [
  ['sex', '性别', '性別', 'Sex'],
  ['Education', '文化程度', '文化程度', 'Education'],
  ['Nation', '民族', '民族', 'Ethnic group'],
  ['certificateType', '证件类型', '證件類型', 'Certificate type'],
];

const SEX: Row[] = [
  ["1", "男", "男", "Male"],
  ["2", "女", "女", "Female"],
  ["3", "保密", "保密", "Undisclosed"],
];
const EDUCATION: Row[] = [
  ["primary", "小学", "小學", "Primary school"],
  ["juniorHigh", "初中", "初中", "Junior high school"],
  ["seniorHigh", "高中", "高中", "Senior high school"],
  ["technicalSecondary", "中专", "中專", "Technical secondary school"],
  ["juniorCollege", "大专", "大專", "Junior college"],
  ["bachelor", "本科", "本科", "Bachelor"],
  ["master", "硕士", "碩士", "Master"],
  ["doctor", "博士", "博士", "Doctorate"],
  ["other", "其他", "其他", "Other"],
];
const NATION: Row[] = [
  ["01", "汉族", "漢族", "Han"],
  ["02", "蒙古族", "蒙古族", "Mongol"],
  ["03", "回族", "回族", "Hui"],
  ["04", "藏族", "藏族", "Tibetan"],
  ["05", "维吾尔族", "維吾爾族", "Uyghur"],
  ["06", "苗族", "苗族", "Miao"],
  ["07", "彝族", "彝族", "Yi"],
  ["08", "壮族", "壯族", "Zhuang"],
  ["09", "布依族", "布依族", "Bouyei"],
  ["10", "朝鲜族", "朝鮮族", "Korean"],
  ["11", "满族", "滿族", "Manchu"],
  ["12", "侗族", "侗族", "Dong"],
  ["13", "瑶族", "瑤族", "Yao"],
  ["14", "白族", "白族", "Bai"],
  ["15", "土家族", "土家族", "Tujia"],
  ["16", "哈尼族", "哈尼族", "Hani"],
  ["17", "哈萨克族", "哈薩克族", "Kazakh"],
  ["18", "傣族", "傣族", "Dai"],
  ["19", "黎族", "黎族", "Li"],
  ["20", "傈僳族", "傈僳族", "Lisu"],
  ["21", "佤族", "佤族", "Va"],
  ["22", "畲族", "畲族", "She"],
  ["23", "高山族", "高山族", "Gaoshan"],
  ["24", "拉祜族", "拉祜族", "Lahu"],
  ["25", "水族", "水族", "Sui"],
  ["26", "东乡族", "東鄉族", "Dongxiang"],
  ["27", "纳西族", "納西族", "Nakhi"],
  ["28", "景颇族", "景頗族", "Jingpo"],
  ["29", "柯尔克孜族", "柯爾克孜族", "Kyrgyz"],
  ["30", "土族", "土族", "Tu"],
  ["31", "达斡尔族", "達斡爾族", "Daur"],
  ["32", "仫佬族", "仫佬族", "Mulao"],
  ["33", "羌族", "羌族", "Qiang"],
  ["34", "布朗族", "布朗族", "Blang"],
  ["35", "撒拉族", "撒拉族", "Salar"],
  ["36", "毛南族", "毛南族", "Maonan"],
  ["37", "仡佬族", "仡佬族", "Gelao"],
  ["38", "锡伯族", "錫伯族", "Xibe"],
  ["39", "阿昌族", "阿昌族", "Achang"],
  ["40", "普米族", "普米族", "Pumi"],
  ["41", "塔吉克族", "塔吉克族", "Tajik"],
  ["42", "怒族", "怒族", "Nu"],
  ["43", "乌孜别克族", "烏孜別克族", "Uzbek"],
  ["44", "俄罗斯族", "俄羅斯族", "Russian"],
  ["45", "鄂温克族", "鄂溫克族", "Evenki"],
  ["46", "德昂族", "德昂族", "De'ang"],
  ["47", "保安族", "保安族", "Bonan"],
  ["48", "裕固族", "裕固族", "Yugur"],
  ["49", "京族", "京族", "Gin"],
  ["50", "塔塔尔族", "塔塔爾族", "Tatar"],
  ["51", "独龙族", "獨龍族", "Derung"],
  ["52", "鄂伦春族", "鄂倫春族", "Oroqen"],
  ["53", "赫哲族", "赫哲族", "Hezhen"],
  ["54", "门巴族", "門巴族", "Monba"],
  ["55", "珞巴族", "珞巴族", "Lhoba"],
  ["56", "基诺族", "基諾族", "Jino"],
  ["97", "其他", "其他", "Other"],
];
const CERTIFICATETYPE: Row[] = [
  ["idCard", "身份证", "身分證", "ID card"],
  ["passport", "护照", "護照", "Passport"],
  ["officer", "军官证", "軍官證", "Military officer card"],
  ["hkMacauPermit", "港澳居民来往内地通行证", "港澳居民來往內地通行證", "Mainland travel permit for Hong Kong and Macao residents"],
  ["taiwanPermit", "台湾居民来往大陆通行证", "臺灣居民來往大陸通行證", "Mainland travel permit for Taiwan residents"],
  ["foreignerResidence", "外国人永久居留身份证", "外國人永久居留身分證", "Foreigner's permanent residence ID card"],
  ["other", "其他", "其他", "Other"],
];

const ENTRIES: Record<string, Row[]> = { sex: SEX, Education: EDUCATION, Nation: NATION, certificateType: CERTIFICATETYPE };

const translations = ([, , zhTW, en]: Row) => JSON.stringify({ 'zh-TW': zhTW, en });

export async function up(db: Kysely<any>): Promise<void> {
  for (const category of CATEGORIES) {
    const [code, name] = category;
    const type = await db.selectFrom('base_dictionary_type').select('id').where('en_code', '=', code).executeTakeFirst();
    if (!type) continue;
    await db.updateTable('base_dictionary_type').set({ full_name_i18n: translations(category) })
      .where('id', '=', type.id).where('full_name', '=', name).where('full_name_i18n', 'is', null).execute();
    for (const entry of ENTRIES[code]) {
      await db.updateTable('base_dictionary_data').set({ full_name_i18n: translations(entry) })
        .where('dictionary_type_id', '=', type.id).where('en_code', '=', entry[0]).where('full_name', '=', entry[1])
        .where('full_name_i18n', 'is', null).execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [code] of CATEGORIES) {
    const type = await db.selectFrom('base_dictionary_type').select('id').where('en_code', '=', code).executeTakeFirst();
    if (!type) continue;
    await db.updateTable('base_dictionary_data').set({ full_name_i18n: null }).where('dictionary_type_id', '=', type.id).execute();
    await db.updateTable('base_dictionary_type').set({ full_name_i18n: null }).where('id', '=', type.id).execute();
  }
}
