import { defineMessages } from '../define';

/** The inline sub-table (设计子表) and the calculated field (计算公式), issue 13 items 4 and 5. */
export const subTableMessages = defineMessages({
  'zh-CN': {
    'subTable.index': '序号',
    'subTable.actions': '操作',
    'subTable.add': '添加',
    'subTable.pickRows': '选择数据',
    'subTable.deleteRow': '删除第{row}行',
    'subTable.confirmDelete': '此操作将永久删除该数据, 是否继续?',
    'subTable.total': '合计',
    'subTable.empty': '暂无数据',
    'subTable.noPopup': '未设置选择数据的来源',
    'calc.invalidExpression': '计算公式「{label}」不合法：{reason}',
  },
  'zh-TW': {
    'subTable.index': '序號',
    'subTable.actions': '操作',
    'subTable.add': '添加',
    'subTable.pickRows': '選擇資料',
    'subTable.deleteRow': '刪除第{row}列',
    'subTable.confirmDelete': '此操作將永久刪除該資料, 是否繼續?',
    'subTable.total': '合計',
    'subTable.empty': '暫無資料',
    'subTable.noPopup': '未設定選擇資料的來源',
    'calc.invalidExpression': '計算公式「{label}」不合法：{reason}',
  },
  en: {
    'subTable.index': 'No.',
    'subTable.actions': 'Actions',
    'subTable.add': 'Add',
    'subTable.pickRows': 'Select data',
    'subTable.deleteRow': 'Delete row {row}',
    'subTable.confirmDelete': 'This permanently deletes the data. Continue?',
    'subTable.total': 'Total',
    'subTable.empty': 'No data',
    'subTable.noPopup': 'No data source is set for picking rows',
    'calc.invalidExpression': 'Calculated field "{label}" has an invalid expression: {reason}',
  },
});
