import { defineMessages } from '../define';

/** Running several server processes (issue 18): readiness, graceful shutdown, reconnecting. */
export const deployMessages = defineMessages({
  'zh-CN': {
    'deploy.restarting': '服务器正在重启，稍后自动重新连接',
    'deploy.notReady.draining': '服务器正在停止，请改用其他服务器',
    'deploy.notReady.database': '数据库无响应',
    'deploy.notReady.redis': 'Redis 未连接',
  },
  'zh-TW': {
    'deploy.restarting': '伺服器正在重新啟動，稍後自動重新連線',
    'deploy.notReady.draining': '伺服器正在停止，請改用其他伺服器',
    'deploy.notReady.database': '資料庫無回應',
    'deploy.notReady.redis': 'Redis 未連線',
  },
  en: {
    'deploy.restarting': 'The server is restarting; reconnecting shortly',
    'deploy.notReady.draining': 'The server is stopping; use another one',
    'deploy.notReady.database': 'The database does not answer',
    'deploy.notReady.redis': 'Redis is not connected',
  },
});
