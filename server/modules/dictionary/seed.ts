import { newId } from '../../db/ids';
import type { DbOrTrx } from './repository';

interface EntrySeed {
  fullName: string;
  enCode: string;
  children?: EntrySeed[];
}

interface CategorySeed {
  fullName: string;
  enCode: string;
  isTree: 0 | 1;
  description: string;
  entries: EntrySeed[];
}

/** The demo categories; enCode is how model descriptors and data interfaces refer to them. */
export const DEMO_DICTIONARIES: CategorySeed[] = [
  {
    fullName: '商品分类', enCode: 'goodsCategory', isTree: 1, description: '供应链商品的品类树',
    entries: [
      { fullName: '钢材', enCode: 'steel', children: [{ fullName: '螺纹钢', enCode: 'steel.rebar' }, { fullName: '线材', enCode: 'steel.wire' }] },
      { fullName: '煤炭', enCode: 'coal' },
      { fullName: '有色金属', enCode: 'nonferrous' },
    ],
  },
  { fullName: '计量单位', enCode: 'unit', isTree: 0, description: '商品的计量单位', entries: [{ fullName: '吨', enCode: 't' }, { fullName: '千克', enCode: 'kg' }, { fullName: '件', enCode: 'pcs' }] },
  {
    fullName: '订单状态', enCode: 'orderStatus', isTree: 0, description: '业务订单的状态',
    entries: [
      { fullName: '待审核', enCode: 'pending' }, { fullName: '已确认', enCode: 'confirmed' }, { fullName: '已发货', enCode: 'shipped' },
      { fullName: '已完成', enCode: 'completed' }, { fullName: '已取消', enCode: 'cancelled' },
    ],
  },
  { fullName: '付款方式', enCode: 'payMethod', isTree: 0, description: '订单的付款方式', entries: [{ fullName: '银行转账', enCode: 'transfer' }, { fullName: '承兑汇票', enCode: 'acceptance' }, { fullName: '信用证', enCode: 'lc' }] },
  {
    fullName: '数据接口分类', enCode: 'dataInterfaceType', isTree: 0, description: '数据接口的分类',
    entries: [{ fullName: '报表数据', enCode: 'report' }, { fullName: '门户数据', enCode: 'portal' }, { fullName: '业务数据', enCode: 'business' }],
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
      .values({ id: typeId, parentId: '-1', fullName: category.fullName, enCode: category.enCode, isTree: category.isTree, sortCode: index, description: category.description, createdAt: now })
      .execute();
    const rows: { id: string; dictionaryTypeId: string; parentId: string; fullName: string; enCode: string; sortCode: number; enabledMark: number; description: null; createdAt: number }[] = [];
    const walk = (entries: EntrySeed[], parentId: string) =>
      entries.forEach((entry, sortCode) => {
        const id = newId();
        rows.push({ id, dictionaryTypeId: typeId, parentId, fullName: entry.fullName, enCode: entry.enCode, sortCode, enabledMark: 1, description: null, createdAt: now });
        if (entry.children) walk(entry.children, id);
      });
    walk(category.entries, '0');
    await db.insertInto('baseDictionaryData').values(rows).execute();
    created += 1;
  }
  return created;
}
