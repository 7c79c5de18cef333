import { ReplyCode } from '../../src/runtime/codes';
import type { MessageKey, MessageParams } from '../../src/runtime/i18n';

/**
 * A refusal the client should read: a reply code and a message key, translated into the
 * caller's language by the error handler. Throw it anywhere below a route handler.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params?: MessageParams,
    /** Extra data sent to the client, e.g. { needCaptcha: true } on a failed sign-in. */
    readonly data?: unknown,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const refuse = (key: MessageKey, params?: MessageParams, data?: unknown) =>
  new AppError(ReplyCode.refused, key, params, data);

/** HTTP status to send with a reply code; clients read the envelope's code either way. */
export function httpStatusFor(code: number): number {
  if (code === ReplyCode.ok) return 200;
  if (code >= 600) return 401;
  if (code === ReplyCode.forbidden) return 403;
  if (code === ReplyCode.notFound) return 404;
  if (code === ReplyCode.tooManyRequests) return 429;
  if (code === ReplyCode.internal) return 500;
  return 400;
}
