import type { MessageKey } from './zh-CN';

export const zhTW: Record<MessageKey, string> = {
  'server.success': 'Success',
  'server.requestFailed': '請求出錯，請重試',
  'server.internalError': '系統異常，請稍後重試',
  'server.notFound': '介面不存在',
  'server.invalidInput': '參數錯誤：{detail}',
  'server.permissionDenied': '暫無權限',
  'server.notSignedIn': '登入過期,請重新登入',
  'server.sessionExpired': '登入過期,請重新登入',
  'server.signedInElsewhere': '您的帳號已在其他地方登入',
  'server.tokenInvalid': '登入資訊無效,請重新登入',
  'server.screenLocked': '螢幕已鎖定，請先解鎖',
};
