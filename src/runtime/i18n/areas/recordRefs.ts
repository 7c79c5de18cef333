import { defineMessages } from '../define';

/**
 * Save-time refusals of picker values that name other things (issue 12): users, organisations,
 * positions, roles, groups and areas. Each refusal is on the field that holds the value (a
 * related form's refusal is popupSelect.notRecord).
 */
export const recordRefsMessages = defineMessages({
  'zh-CN': {
    'recordRefs.notPickable': '{label}的值不存在或不在您可选择的范围内',
    'recordRefs.notArea': '{label}的值不是有效的省市区',
  },
  'zh-TW': {
    'recordRefs.notPickable': '{label}的值不存在或不在您可選擇的範圍內',
    'recordRefs.notArea': '{label}的值不是有效的省市區',
  },
  en: {
    'recordRefs.notPickable': 'The value of {label} does not exist or is outside what you may pick',
    'recordRefs.notArea': 'The value of {label} is not a valid area',
  },
});
