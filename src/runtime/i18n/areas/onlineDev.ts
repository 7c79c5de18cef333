import { defineMessages } from '../define';

/** Online development (issue 11 item 5): importing exported definitions, placing a released page in the menu, the generated descriptor files. */
export const onlineDevMessages = defineMessages({
  'zh-CN': {
    'onlineDev.importFileRequired': '请上传导出的功能定义JSON文件',
    'onlineDev.importTooLarge': '文件过大，最大{size}MB',
    'onlineDev.importNotJson': '文件不是有效的JSON：{detail}',
    'onlineDev.importNotDefinition': '文件不是功能定义：应包含 formData（含 fields 的表单设计），或本身就是含 fields 的表单设计',
    'onlineDev.imported': '导入成功，已保存为草稿',
    'onlineDev.importedRenamed': '导入成功，已保存为草稿；编码「{wanted}」已被占用，改为「{code}」',
    'onlineDev.menuParentInvalid': '请选择一个菜单目录作为上级',
    'onlineDev.downloadExpired': '下载链接已失效，请重新下载',
  },
  'zh-TW': {
    'onlineDev.importFileRequired': '請上傳匯出的功能定義JSON檔案',
    'onlineDev.importTooLarge': '檔案過大，最大{size}MB',
    'onlineDev.importNotJson': '檔案不是有效的JSON：{detail}',
    'onlineDev.importNotDefinition': '檔案不是功能定義：應包含 formData（含 fields 的表單設計），或本身就是含 fields 的表單設計',
    'onlineDev.imported': '匯入成功，已儲存為草稿',
    'onlineDev.importedRenamed': '匯入成功，已儲存為草稿；編碼「{wanted}」已被使用，改為「{code}」',
    'onlineDev.menuParentInvalid': '請選擇一個選單目錄作為上級',
    'onlineDev.downloadExpired': '下載連結已失效，請重新下載',
  },
  en: {
    'onlineDev.importFileRequired': 'Upload an exported definition (a JSON file)',
    'onlineDev.importTooLarge': 'The file is too large (at most {size} MB)',
    'onlineDev.importNotJson': 'The file is not valid JSON: {detail}',
    'onlineDev.importNotDefinition': 'The file is not a function definition: it should hold formData (a form design with fields), or be such a form design itself',
    'onlineDev.imported': 'Imported and saved as a draft',
    'onlineDev.importedRenamed': 'Imported and saved as a draft; the code "{wanted}" is taken, so it is "{code}"',
    'onlineDev.menuParentInvalid': 'Choose a menu directory as the parent',
    'onlineDev.downloadExpired': 'The download link has expired; download again',
  },
});
