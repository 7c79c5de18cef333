import { newId } from '../../../db/ids';
import type { DbOrTrx } from '../../dictionary/repository';

/**
 * Demo numbering rules: the product's own demo codes, so its real forms (the corpus: 测试所有表单
 * OrderNumber, 财务报销单 bxdj, 采购入库申请 rukudanhao) number their records as they are, and
 * the demo 入库单 model (schemas/models/demo-inbound.json) uses rukudanhao.
 */
export const DEMO_BILL_RULES = [
  { fullName: '订单编号', enCode: 'OrderNumber', category: 'sales', prefix: 'DD', dateFormat: 'yyyyMMdd', digit: 4, startNumber: '1', description: '销售订单的单号' },
  { fullName: '报销单号', enCode: 'bxdj', category: 'finance', prefix: 'BX', dateFormat: 'yyyyMM', digit: 5, startNumber: '1', description: '财务报销单的单号，按月重新计数' },
  { fullName: '入库单号', enCode: 'rukudanhao', category: 'warehouse', prefix: 'RK', dateFormat: 'yyyyMMdd', digit: 4, startNumber: '1', description: '采购入库单的单号，按日重新计数' },
  { fullName: '发票申请号', enCode: 'InvoiceNumber', category: 'finance', prefix: 'FP', dateFormat: 'yyyyMMdd', digit: 4, startNumber: '1', description: '业务订单的开票申请号，按日重新计数' },
  { fullName: '提货单号', enCode: 'PickupNumber', category: 'sales', prefix: 'TH', dateFormat: 'yyyyMMdd', digit: 4, startNumber: '1', description: '提货单（出库单）的单号，按日重新计数' },
];

/** Seeds the demo rules. Idempotent: a rule whose code exists is left as it is. Returns how many were made. */
export async function seedBillRuleDemo(db: DbOrTrx, now = Date.now()): Promise<number> {
  let made = 0;
  for (const [sortCode, rule] of DEMO_BILL_RULES.entries()) {
    if (await db.selectFrom('baseBillRule').select('id').where('enCode', '=', rule.enCode).executeTakeFirst()) continue;
    await db
      .insertInto('baseBillRule')
      .values({ id: newId(), ...rule, sortCode, enabledMark: 1, lastNumber: null, lastPeriod: null, createdAt: now, createdBy: null, updatedAt: null, updatedBy: null })
      .execute();
    made += 1;
  }
  return made;
}
