/**
 * The product's 45 saved flows (schemas/flows/<enCode>.flow.json, copied unchanged from
 * ../shared/corpus/flows): their names (F_FullName) and the category (流程分类) we file each
 * under (docs/DECISIONS.md). The demo seed imports them all; an import of one of these files
 * takes its name from here when the upload names none.
 */
export const FLOW_CATEGORIES = ['人事', '财务', '行政', '公文', '销售', '采购', '仓储'] as const;
export type FlowCategory = (typeof FLOW_CATEGORIES)[number];

const BY_CATEGORY: Record<FlowCategory, Record<string, string>> = {
  '人事': { leaveApply: '请假申请', staffOvertime: '加班申请', supplementCard: '补打卡单', outgoingApply: '外出申请', payDistribution: '薪酬发放', monthlyReport: '月工作总结', rewardPunishment: '行政赏罚' },
  '财务': { debitBill: '借支申请', expenseExpenditure: '费用支出', incomeRecognition: '收入确认', paymentApply: '付款申请', travelReimbursement: '差旅报销', travelApply: '出差预支', conBilling: '合同开票' },
  '行政': { applyBanquet: '宴请申请', applyMeeting: '会议申请', archivalBorrow: '档案借阅', officeSupplies: '办公用品', vehicleApply: '车辆申请', test_carapplication: '用车申请', huancheshenqing: '还车申请', violationHandling: '违章处理', workContactSheet: '工作联系单' },
  '公文': { batchTable: '行文呈批', documentApproval: '文件签批', documentSigning: '文件签阅', letterService: '发文单', postBatchTab: '发文呈批', receiptProcessing: '收文处理', receiptSign: '收文签呈' },
  '销售': { applyDeliverGoods: '发货申请', contractApproval: '合同审批', contractApprovalSheet: '合同申请', crmOrder: '订单示例', quotationApproval: '报价审批', salesOrder: '销售订单', salesSupport: '销售支持' },
  '采购': { procurementMaterial: '采购原材料', purchaseList: '日常物品采购' },
  '仓储': { articlesWarehous: '用品入库', finishedProduct: '成品入库', materialRequisition: '领料单', outboundOrder: '出库单', warehouseReceipt: '入库单', batchPack: '批包装指令' },
};

export const CORPUS_FLOWS: { enCode: string; fullName: string; category: FlowCategory }[] = FLOW_CATEGORIES.flatMap((category) =>
  Object.entries(BY_CATEGORY[category]).map(([enCode, fullName]) => ({ enCode, fullName, category })));

export const corpusFlow = (enCode: string) => CORPUS_FLOWS.find((f) => f.enCode === enCode);
