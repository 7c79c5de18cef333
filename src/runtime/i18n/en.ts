import type { MessageKey } from './zh-CN';

export const en: Record<MessageKey, string> = {
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
};
