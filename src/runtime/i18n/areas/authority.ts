import { defineMessages } from '../define';

/** Grants (Authority API): role grant trees, data-scope schemes, explain access, list columns. */
export const authorityMessages = defineMessages({
  'zh-CN': {
    'authority.saved': '授权保存成功',
    'authority.roleNotFound': '角色不存在',
    'authority.userNotFound': '用户不存在',
    'authority.menuNotFound': '菜单不存在',
    'authority.unknownItems': '以下授权项不存在或不属于已授权的菜单：{ids}',
    'authority.beyondOwnGrants': '不能授予或收回自己没有的权限：{ids}',
    'authority.schemeNotFound': '数据权限方案不存在',
    'authority.schemeCodeExists': '该菜单已有编码为 {code} 的方案',
    'authority.schemeConditionInvalid': '自定义条件有误：{detail}',
    'authority.schemeNeedsModel': '该菜单未关联功能表单，不能设置字段条件',
    'authority.columnsInvalid': '列设置格式错误',
  },
  'zh-TW': {
    'authority.saved': '授權儲存成功',
    'authority.roleNotFound': '角色不存在',
    'authority.userNotFound': '使用者不存在',
    'authority.menuNotFound': '選單不存在',
    'authority.unknownItems': '以下授權項不存在或不屬於已授權的選單：{ids}',
    'authority.beyondOwnGrants': '不能授予或收回自己沒有的權限：{ids}',
    'authority.schemeNotFound': '資料權限方案不存在',
    'authority.schemeCodeExists': '該選單已有編號為 {code} 的方案',
    'authority.schemeConditionInvalid': '自訂條件有誤：{detail}',
    'authority.schemeNeedsModel': '該選單未關聯功能表單，不能設定欄位條件',
    'authority.columnsInvalid': '欄位設定格式錯誤',
  },
  en: {
    'authority.saved': 'Grants saved',
    'authority.roleNotFound': 'The role does not exist',
    'authority.userNotFound': 'The user does not exist',
    'authority.menuNotFound': 'The menu entry does not exist',
    'authority.unknownItems': 'These grant items do not exist or belong to no granted menu: {ids}',
    'authority.beyondOwnGrants': 'You can only grant or revoke what you hold yourself: {ids}',
    'authority.schemeNotFound': 'The data scope scheme does not exist',
    'authority.schemeCodeExists': 'This menu already has a scheme with code {code}',
    'authority.schemeConditionInvalid': 'The custom condition is invalid: {detail}',
    'authority.schemeNeedsModel': 'This menu opens no model, so it cannot have field conditions',
    'authority.columnsInvalid': 'The column settings are malformed',
  },
});
