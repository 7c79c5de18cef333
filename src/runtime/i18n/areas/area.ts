import { defineMessages } from '../define';

/**
 * Administrative divisions (/api/system/Area). The generic texts (saved, deleted, sort range,
 * code pattern, status) are the dictionary area's.
 */
export const areaMessages = defineMessages({
  'zh-CN': {
    'area.notFound': '行政区划不存在',
    'area.parentNotFound': '上级区域不存在',
    'area.parentCycle': '上级不能是自己或自己的下级',
    'area.tooDeep': '行政区划最多四级：省、市、区县、街道',
    'area.codeExists': '区域编码不能重复',
    'area.hasChildren': '删除失败，当前有子节点数据',
    'area.nameRequired': '请输入区域名称',
    'area.nameTooLong': '区域名称最多为50个字符！',
    'area.codeRequired': '请输入区域编码',
    'area.codeTooLong': '区域编码最多为50个字符！',
    'area.tooManyPaths': '一次最多查询{max}组区域',
    'area.placeFixed': '区域的编码和上级不能修改',
  },
  'zh-TW': {
    'area.notFound': '行政區劃不存在',
    'area.parentNotFound': '上級區域不存在',
    'area.parentCycle': '上級不能是自己或自己的下級',
    'area.tooDeep': '行政區劃最多四級：省、市、區縣、街道',
    'area.codeExists': '區域編碼不能重複',
    'area.hasChildren': '刪除失敗，當前有子節點資料',
    'area.nameRequired': '請輸入區域名稱',
    'area.nameTooLong': '區域名稱最多為50個字元！',
    'area.codeRequired': '請輸入區域編碼',
    'area.codeTooLong': '區域編碼最多為50個字元！',
    'area.tooManyPaths': '一次最多查詢{max}組區域',
    'area.placeFixed': '區域的編碼和上級不能修改',
  },
  en: {
    'area.notFound': 'No such administrative division',
    'area.parentNotFound': 'The parent division does not exist',
    'area.parentCycle': 'The parent cannot be the division itself or one below it',
    'area.tooDeep': 'Divisions have four levels at most: province, city, district, street',
    'area.codeExists': 'Another division has this code',
    'area.hasChildren': 'Not deleted: the division has divisions below it',
    'area.nameRequired': 'Enter the division name',
    'area.nameTooLong': 'The division name can be 50 characters at most',
    'area.codeRequired': 'Enter the division code',
    'area.codeTooLong': 'The division code can be 50 characters at most',
    'area.tooManyPaths': 'At most {max} code paths per request',
    'area.placeFixed': "A division's code and parent cannot change",
  },
});
