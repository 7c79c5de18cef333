/**
 * Simplified Chinese: the source catalogue. Every key here must exist in zh-TW and en
 * (the type system and tests/unit/i18n.test.ts both check it). Keys are grouped by area
 * with a dotted prefix; the server's messages live under `server.`.
 */
export const zhCN = {
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
} as const;

export type MessageKey = keyof typeof zhCN;
