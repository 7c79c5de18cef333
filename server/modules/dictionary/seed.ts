import { newId } from '../../db/ids';
import type { DbOrTrx } from './repository';
import type { Translations } from '../../../src/runtime/i18n/texts';

interface EntrySeed {
  fullName: string;
  /** The name in the other languages (base_dictionary_data.full_name_i18n). */
  fullName_i18n: Translations;
  enCode: string;
  children?: EntrySeed[];
}

interface CategorySeed {
  fullName: string;
  fullName_i18n: Translations;
  enCode: string;
  isTree: 0 | 1;
  description: string;
  entries: EntrySeed[];
}

/** The demo categories; enCode is how model descriptors and data interfaces refer to them. */
export const DEMO_DICTIONARIES: CategorySeed[] = [
  {
    fullName: '商品分类', fullName_i18n: { 'zh-TW': '商品分類', en: 'Goods categories' }, enCode: 'goodsCategory', isTree: 1, description: '供应链商品的品类树',
    entries: [
      { fullName: '钢材', fullName_i18n: { 'zh-TW': '鋼材', en: 'Steel' }, enCode: 'steel', children: [{ fullName: '螺纹钢', fullName_i18n: { 'zh-TW': '鋼筋', en: 'Rebar' }, enCode: 'steel.rebar' }, { fullName: '线材', fullName_i18n: { 'zh-TW': '線材', en: 'Wire rod' }, enCode: 'steel.wire' }] },
      { fullName: '煤炭', fullName_i18n: { 'zh-TW': '煤炭', en: 'Coal' }, enCode: 'coal' },
      { fullName: '有色金属', fullName_i18n: { 'zh-TW': '有色金屬', en: 'Non-ferrous metals' }, enCode: 'nonferrous' },
    ],
  },
  { fullName: '计量单位', fullName_i18n: { 'zh-TW': '計量單位', en: 'Units of measure' }, enCode: 'unit', isTree: 0, description: '商品的计量单位', entries: [{ fullName: '吨', fullName_i18n: { 'zh-TW': '公噸', en: 'Tonne' }, enCode: 't' }, { fullName: '千克', fullName_i18n: { 'zh-TW': '公斤', en: 'Kilogram' }, enCode: 'kg' }, { fullName: '件', fullName_i18n: { 'zh-TW': '件', en: 'Piece' }, enCode: 'pcs' }] },
  {
    fullName: '订单状态', fullName_i18n: { 'zh-TW': '訂單狀態', en: 'Order status' }, enCode: 'orderStatus', isTree: 0, description: '业务订单的状态',
    entries: [
      { fullName: '待审核', fullName_i18n: { 'zh-TW': '待審核', en: 'Pending review' }, enCode: 'pending' }, { fullName: '已确认', fullName_i18n: { 'zh-TW': '已確認', en: 'Confirmed' }, enCode: 'confirmed' }, { fullName: '已发货', fullName_i18n: { 'zh-TW': '已出貨', en: 'Shipped' }, enCode: 'shipped' },
      { fullName: '已完成', fullName_i18n: { 'zh-TW': '已完成', en: 'Completed' }, enCode: 'completed' }, { fullName: '已取消', fullName_i18n: { 'zh-TW': '已取消', en: 'Cancelled' }, enCode: 'cancelled' },
    ],
  },
  { fullName: '付款方式', fullName_i18n: { 'zh-TW': '付款方式', en: 'Payment methods' }, enCode: 'payMethod', isTree: 0, description: '订单的付款方式', entries: [{ fullName: '银行转账', fullName_i18n: { 'zh-TW': '銀行轉帳', en: 'Bank transfer' }, enCode: 'transfer' }, { fullName: '承兑汇票', fullName_i18n: { 'zh-TW': '承兌匯票', en: 'Bank acceptance bill' }, enCode: 'acceptance' }, { fullName: '信用证', fullName_i18n: { 'zh-TW': '信用狀', en: 'Letter of credit' }, enCode: 'lc' }] },
  {
    fullName: '数据接口分类', fullName_i18n: { 'zh-TW': '資料介面分類', en: 'Data interface categories' }, enCode: 'dataInterfaceType', isTree: 0, description: '数据接口的分类',
    entries: [{ fullName: '报表数据', fullName_i18n: { 'zh-TW': '報表資料', en: 'Report data' }, enCode: 'report' }, { fullName: '门户数据', fullName_i18n: { 'zh-TW': '入口網資料', en: 'Portal data' }, enCode: 'portal' }, { fullName: '业务数据', fullName_i18n: { 'zh-TW': '業務資料', en: 'Business data' }, enCode: 'business' }],
  },
];

/**
 * Seeds the demo dictionaries. Idempotent: a category whose enCode exists is left as it is.
 * Takes the database or a transaction. Returns the number of categories created.
 */
export async function seedDictionaryDemo(db: DbOrTrx): Promise<number> {
  const now = Date.now();
  let created = 0;
  for (const [index, category] of DEMO_DICTIONARIES.entries()) {
    const existing = await db.selectFrom('baseDictionaryType').select('id').where('enCode', '=', category.enCode).executeTakeFirst();
    if (existing) continue;
    const typeId = newId();
    await db
      .insertInto('baseDictionaryType')
      .values({ id: typeId, parentId: '-1', fullName: category.fullName, fullNameI18n: JSON.stringify(category.fullName_i18n), enCode: category.enCode, isTree: category.isTree, sortCode: index, description: category.description, createdAt: now })
      .execute();
    const rows: { id: string; dictionaryTypeId: string; parentId: string; fullName: string; fullNameI18n: string; enCode: string; sortCode: number; enabledMark: number; description: null; createdAt: number }[] = [];
    const walk = (entries: EntrySeed[], parentId: string) =>
      entries.forEach((entry, sortCode) => {
        const id = newId();
        rows.push({ id, dictionaryTypeId: typeId, parentId, fullName: entry.fullName, fullNameI18n: JSON.stringify(entry.fullName_i18n), enCode: entry.enCode, sortCode, enabledMark: 1, description: null, createdAt: now });
        if (entry.children) walk(entry.children, id);
      });
    walk(category.entries, '0');
    await db.insertInto('baseDictionaryData').values(rows).execute();
    created += 1;
  }
  return created;
}
