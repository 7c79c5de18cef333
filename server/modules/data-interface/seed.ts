import { newId } from '../../db/ids';
import type { DbOrTrx } from '../dictionary/repository';
import { INTERFACE_TYPE } from './execute';

const months = ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'];
const amounts = [1280, 1135, 1560, 1720, 1910, 2050, 1980, 2230, 2415, 2310, 2580, 2760];

/** Column aliases are double-quoted so PostgreSQL keeps their case (it folds bare names to lower case). */
export const DEMO_INTERFACES = [
  {
    enCode: 'monthlySales', fullName: '月度销售额', type: INTERFACE_TYPE.static, category: 'report',
    description: '12个月的销售额（万元），供图表使用',
    queryText: JSON.stringify(months.map((month, i) => ({ month, amount: amounts[i] }))),
    requestParameters: null,
  },
  {
    enCode: 'userCountByOrganize', fullName: '各组织用户数', type: INTERFACE_TYPE.sql, category: 'report',
    description: '每个组织的用户数量',
    queryText: [
      'select o.id as "organizeId", o.full_name as "organizeName", count(u.id) as "userCount"',
      'from base_organize o left join base_user u on u.organize_id = o.id',
      'group by o.id, o.full_name, o.sort_code',
      'order by o.sort_code, o.full_name',
    ].join('\n'),
    requestParameters: null,
  },
  {
    enCode: 'recentUsers', fullName: '最新用户', type: INTERFACE_TYPE.sql, category: 'portal',
    description: '最近创建的用户，供门户列表卡片使用',
    queryText: [
      'select u.id as "id", u.account as "account", u.real_name as "realName", o.full_name as "organizeName", u.created_at as "createdAt"',
      'from base_user u left join base_organize o on o.id = u.organize_id',
      'where u.enabled_mark = 1',
      'order by u.created_at desc, u.account',
    ].join('\n'),
    requestParameters: null,
  },
  {
    enCode: 'dictionaryEntries', fullName: '字典选项', type: INTERFACE_TYPE.sql, category: 'business',
    description: '按分类编码查询启用的字典数据（参数 typeCode）',
    queryText: [
      'select d.id as "id", d.full_name as "fullName", d.en_code as "enCode", d.sort_code as "sortCode"',
      'from base_dictionary_data d join base_dictionary_type t on t.id = d.dictionary_type_id',
      'where t.en_code = @typeCode and d.enabled_mark = 1',
      'order by d.sort_code, d.en_code',
    ].join('\n'),
    requestParameters: JSON.stringify([{ field: 'typeCode', fieldName: '分类编码', dataType: 'varchar', defaultValue: 'unit', required: 1 }]),
  },
  {
    enCode: 'salesByMonth', fullName: '月度分类销售', type: INTERFACE_TYPE.static, category: 'report',
    description: '按月份和商品分类的订单数、销售额与环比（演示数据），参数 category 按分类筛选',
    queryText: JSON.stringify(
      months.flatMap((month, i) => [
        { month, category: 'steel', categoryName: '钢材', orders: 40 + i * 3, amount: amounts[i]! * 0.6, growth: i ? (amounts[i]! - amounts[i - 1]!) / amounts[i - 1]! : 0 },
        { month, category: 'coal', categoryName: '煤炭', orders: 25 + i * 2, amount: amounts[i]! * 0.4, growth: i ? (amounts[i]! - amounts[i - 1]!) / amounts[i - 1]! : 0 },
      ]),
    ),
    requestParameters: JSON.stringify([{ field: 'category', fieldName: '商品分类', dataType: 'varchar', defaultValue: '', required: 0 }]),
  },
  {
    enCode: 'todayStats', fullName: '今日运营指标', type: INTERFACE_TYPE.static, category: 'portal',
    description: '门户数字卡片的演示指标',
    queryText: JSON.stringify([{ orders: 128, amount: 356800, toShip: 17, lowStock: 5 }]),
    requestParameters: null,
  },
  {
    enCode: 'latestOrders', fullName: '最新订单', type: INTERFACE_TYPE.static, category: 'portal',
    description: '门户列表卡片的演示订单',
    queryText: JSON.stringify(
      ['华东客户公司', '华南客户公司', '华东客户公司', '华南客户公司', '华东客户公司', '华南客户公司', '华东客户公司', '华南客户公司'].map((customer, i) => ({
        orderNo: `SO2026112${String(i + 1).padStart(3, '0')}`, customer, amount: 12000 + i * 3150,
      })),
    ),
    requestParameters: null,
  },
  {
    enCode: 'demoSuppliers', fullName: '供应商档案', type: INTERFACE_TYPE.static, category: 'business',
    description: '入库单的供应商弹窗选择（演示数据），参数 city 按城市筛选',
    queryText: JSON.stringify([
      { id: 'sup-01', fullName: '华东钢材贸易', city: '上海', contact: '王经理' },
      { id: 'sup-02', fullName: '华南煤炭供应', city: '广州', contact: '李经理' },
      { id: 'sup-03', fullName: '北方建材集团', city: '天津', contact: '赵经理' },
    ]),
    requestParameters: JSON.stringify([{ field: 'city', fieldName: '城市', dataType: 'varchar', defaultValue: '', required: 0 }]),
  },
] as const;

/**
 * Seeds the demo data interfaces. Idempotent: an interface whose enCode exists is left alone.
 * Run after seedDictionaryDemo so the interfaces land in the 'dataInterfaceType' categories.
 */
export async function seedDataInterfaceDemo(db: DbOrTrx): Promise<number> {
  const categories = await db
    .selectFrom('baseDictionaryData as d')
    .innerJoin('baseDictionaryType as t', 't.id', 'd.dictionaryTypeId')
    .select(['d.id', 'd.enCode'])
    .where('t.enCode', '=', 'dataInterfaceType')
    .execute();
  const categoryOf = new Map(categories.map((c) => [c.enCode, c.id]));
  const now = Date.now();
  let created = 0;
  for (const [sortCode, item] of DEMO_INTERFACES.entries()) {
    const existing = await db.selectFrom('baseDataInterface').select('id').where('enCode', '=', item.enCode).executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('baseDataInterface')
      .values({
        id: newId(), categoryId: categoryOf.get(item.category) ?? null, fullName: item.fullName, enCode: item.enCode, type: item.type,
        dataSource: null, queryText: item.queryText, requestMethod: null, path: null, requestHeaders: null,
        requestParameters: item.requestParameters, responseFields: null, enabledMark: 1, sortCode, description: item.description,
        createdAt: now, createdBy: null, updatedAt: null, updatedBy: null,
      })
      .execute();
    created += 1;
  }
  return created;
}
