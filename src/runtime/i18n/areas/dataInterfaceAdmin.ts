import { defineMessages } from '../define';

/** The rows editor field kind (jsonRows), and the data interface administration (issue 11 item 2): export/import, the call log and its pruning, preview. */
export const dataInterfaceAdminMessages = defineMessages({
  'zh-CN': {
    'rowsEditor.add': '添加一行',
    'rowsEditor.remove': '删除第{n}行',
    'rowsEditor.actions': '操作',
    'dataInterfaceAdmin.importFileRequired': '请上传导出的数据接口JSON文件',
    'dataInterfaceAdmin.importInvalid': '导入文件格式不正确：{detail}',
    'dataInterfaceAdmin.importCodeExists': '接口编码「{code}」已存在，请先修改文件中的编码',
    'dataInterfaceAdmin.importSuccess': '导入成功',
    'dataInterfaceAdmin.exportExpired': '下载链接已失效，请重新导出',
    'dataInterfaceAdmin.pruned': '已清理{count}条调用日志',
  },
  'zh-TW': {
    'rowsEditor.add': '新增一列',
    'rowsEditor.remove': '刪除第{n}列',
    'rowsEditor.actions': '操作',
    'dataInterfaceAdmin.importFileRequired': '請上傳匯出的資料介面JSON檔案',
    'dataInterfaceAdmin.importInvalid': '匯入檔案格式不正確：{detail}',
    'dataInterfaceAdmin.importCodeExists': '介面編碼「{code}」已存在，請先修改檔案中的編碼',
    'dataInterfaceAdmin.importSuccess': '匯入成功',
    'dataInterfaceAdmin.exportExpired': '下載連結已失效，請重新匯出',
    'dataInterfaceAdmin.pruned': '已清理{count}筆呼叫記錄',
  },
  en: {
    'rowsEditor.add': 'Add a row',
    'rowsEditor.remove': 'Remove row {n}',
    'rowsEditor.actions': 'Actions',
    'dataInterfaceAdmin.importFileRequired': 'Please upload an exported data interface JSON file',
    'dataInterfaceAdmin.importInvalid': 'The import file is not valid: {detail}',
    'dataInterfaceAdmin.importCodeExists': 'The interface code "{code}" already exists; change the code in the file first',
    'dataInterfaceAdmin.importSuccess': 'Imported',
    'dataInterfaceAdmin.exportExpired': 'The download link has expired; export again',
    'dataInterfaceAdmin.pruned': '{count} call log entries removed',
  },
});
