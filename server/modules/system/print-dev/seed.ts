import type { DbOrTrx } from '../../dictionary/repository';

const cell = (text: string) => `<td colspan="1" rowspan="1"><p>${text}</p></td>`;
const head = (text: string) => `<th colspan="1" rowspan="1"><p>${text}</p></th>`;
const table = (rows: [string, string][]) => `<table><tbody>${rows.map(([label, value]) => `<tr>${head(label)}${cell(value)}</tr>`).join('')}</tbody></table>`;

/**
 * Demo print templates of the demo order model (schemas/models/demo-order.json names them in its
 * detail viewer's printId): an order confirmation and a delivery notice, so the detail viewer's
 * 打 印 opens the template picker on a fresh install. Fixed ids, because the model names them.
 */
export const DEMO_PRINT_TEMPLATES = [
  {
    id: 'demo-order-print-a', fullName: '订单确认单', fullNameI18n: JSON.stringify({ 'zh-TW': '訂單確認單', en: 'Order confirmation' }), enCode: 'demoOrderConfirm',
    templateHtml: `<h2>订单确认单</h2>${table([['订单编号', '{{orderNo}}'], ['商品名称', '{{goodsName}}'], ['数量', '{{quantity}}'], ['业务员', '{{salesman}}'], ['备注', '{{remark}}']])}<p>客户签字：</p>`,
    description: '向客户确认订单内容',
  },
  {
    id: 'demo-order-print-b', fullName: '发货通知单', fullNameI18n: JSON.stringify({ 'zh-TW': '發貨通知單', en: 'Delivery notice' }), enCode: 'demoOrderDelivery',
    templateHtml: `<h2>发货通知单</h2>${table([['订单编号', '{{orderNo}}'], ['商品名称', '{{goodsName}}'], ['数量', '{{quantity}}'], ['收货地区', '{{deliveryArea}}']])}<div data-print-page-break=""></div><p>仓库联</p>`,
    description: '通知仓库按订单发货',
  },
  {
    // a flow template (type 1): any flow without a model may use it, and 差旅报销 by its model
    id: 'demo-flow-print', fullName: '审批单', fullNameI18n: JSON.stringify({ 'zh-TW': '審批單', en: 'Approval sheet' }), enCode: 'demoFlowApproval',
    templateHtml: `<h2>审批单</h2>${table([['标题', '{{flowTitle}}'], ['流程', '{{flowName}}'], ['发起人', '{{flowInitiator}}'], ['发起时间', '{{flowStartTime}}']])}`
      + `<table><tbody><tr>${['节点', '审批人', '处理', '意见', '时间'].map(head).join('')}</tr>`
      + `<tr data-print-rows="systemApprovalContent">${['nodeName', 'userName', 'handleName', 'opinion', 'time'].map((f) => cell(`{{systemApprovalContent.${f}}}`)).join('')}</tr></tbody></table>`,
    description: '流程的审批记录',
    type: 1, formId: 'flow-travel-reimbursement', category: 'other',
  },
];

/** Seeds the demo templates. Idempotent: a template whose id or code exists is left as it is. Returns how many were made. */
export async function seedPrintDevDemo(db: DbOrTrx, now = Date.now()): Promise<number> {
  let made = 0;
  for (const [sortCode, template] of DEMO_PRINT_TEMPLATES.entries()) {
    const taken = await db.selectFrom('basePrintDev').select('id').where((eb) => eb.or([eb('id', '=', template.id), eb('enCode', '=', template.enCode)])).executeTakeFirst();
    if (taken) continue;
    await db
      .insertInto('basePrintDev')
      .values({
        category: 'sales', type: 2, formId: 'demo-order', ...template, paperSize: 'A4', orientation: 'portrait', margins: '[10,10,10,10]', sortCode, enabledMark: 1,
        createdAt: now, createdBy: null, updatedAt: null, updatedBy: null,
      })
      .execute();
    made += 1;
  }
  return made;
}
