import { defineMessages } from '../define';

/** Flow engine administration (issue 16 item 1): engines, versions, import, validation, diagram. */
export const flowAdminMessages = defineMessages({
  'zh-CN': {
    'flowAdmin.title': '流程设计',
  },
  'zh-TW': {
    'flowAdmin.title': '流程設計',
  },
  en: {
    'flowAdmin.title': 'Flow design',
  },
});
