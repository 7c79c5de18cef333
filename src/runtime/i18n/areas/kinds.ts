import { defineMessages } from '../define';

/** Words the field kinds' formatters use (src/runtime/kinds): a value as a person reads it. */
export const kindsMessages = defineMessages({
  'zh-CN': {
    'kinds.signed': '已签名',
    'kinds.rows': '{n} 行',
  },
  'zh-TW': {
    'kinds.signed': '已簽名',
    'kinds.rows': '{n} 行',
  },
  en: {
    'kinds.signed': 'Signed',
    'kinds.rows': '{n} rows',
  },
});
