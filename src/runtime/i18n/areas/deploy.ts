import { defineMessages } from '../define';

/** Running several server processes (issue 18): readiness, graceful shutdown, reconnecting. */
export const deployMessages = defineMessages({
  'zh-CN': {
    'deploy.restarting': '服务器正在重启，稍后自动重新连接',
  },
  'zh-TW': {
    'deploy.restarting': '伺服器正在重新啟動，稍後自動重新連線',
  },
  en: {
    'deploy.restarting': 'The server is restarting; reconnecting shortly',
  },
});
