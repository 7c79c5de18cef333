/** Reply codes of the `{ code, msg, data }` envelope, shared by server and client. */
export const ReplyCode = {
  ok: 200,
  /** A refusal with a message (bad input, business rule). */
  refused: 400,
  /** Signed in but not allowed (暂无权限). */
  forbidden: 403,
  notFound: 404,
  /** Too many requests from this address or for this account: try again after a while. */
  tooManyRequests: 429,
  internal: 500,
  /** No session or the session timed out. */
  sessionExpired: 600,
  /** The session was ended because the account signed in elsewhere. */
  signedInElsewhere: 601,
  /** The token is unknown or was revoked (logout, password change, administrator). */
  tokenInvalid: 602,
  /** The session's screen is locked: only unlock, logout and the lock state may be called. */
  screenLocked: 603,
} as const;

export type ReplyCodeValue = (typeof ReplyCode)[keyof typeof ReplyCode];

/** Codes that end the session in the browser: reset the token and go to /guide. */
export const SESSION_ENDING_CODES: readonly number[] = [ReplyCode.sessionExpired, ReplyCode.signedInElsewhere, ReplyCode.tokenInvalid];
