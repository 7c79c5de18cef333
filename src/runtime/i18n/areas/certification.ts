import { defineMessages } from '../define';

/** Enterprise certification /authentication and its review queue (issue 21 item 1). */
export const certificationMessages = defineMessages({
  'zh-CN': {
    'certification.title': '企业认证',
  },
  'zh-TW': {
    'certification.title': '企業認證',
  },
  en: {
    'certification.title': 'Enterprise certification',
  },
});
