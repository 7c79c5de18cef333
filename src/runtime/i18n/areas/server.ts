import { defineMessages } from '../define';

/** Messages the server sends in the envelope's msg. */
export const serverMessages = defineMessages({
  'zh-CN': {
    'server.success': 'Success',
    'server.requestFailed': '请求出错，请重试',
    'server.internalError': '系统异常，请稍后重试',
    'server.notFound': '接口不存在',
    'server.invalidInput': '参数错误：{detail}',
    'server.permissionDenied': '暂无权限',
    'server.notSignedIn': '登录过期,请重新登录',
    'server.sessionExpired': '登录过期,请重新登录',
    'server.signedInElsewhere': '您的账号已在其他地方登录',
    'server.tokenInvalid': '登录信息无效,请重新登录',
    'server.screenLocked': '屏幕已锁定，请先解锁',
  },
  'zh-TW': {
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
  },
  en: {
    'server.success': 'Success',
    'server.requestFailed': 'The request failed, please try again',
    'server.internalError': 'Something went wrong on the server, please try again later',
    'server.notFound': 'No such API',
    'server.invalidInput': 'Invalid input: {detail}',
    'server.permissionDenied': 'Permission denied',
    'server.notSignedIn': 'Your session has expired, please sign in again',
    'server.sessionExpired': 'Your session has expired, please sign in again',
    'server.signedInElsewhere': 'Your account has signed in elsewhere',
    'server.tokenInvalid': 'Your sign-in is no longer valid, please sign in again',
    'server.screenLocked': 'The screen is locked, unlock it first',
  },
});
