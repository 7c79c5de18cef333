import { refuse } from '../../../http/errors';

/** Which service a call goes to; its name is shown in messages in the caller's language. */
export type ServiceKind = 'ding' | 'qy';

/** Largest reply read from a service: their JSON answers are a few hundred bytes. */
const MAX_REPLY_BYTES = 256 * 1024;

/**
 * The base address an administrator configured for a service: http(s), no credentials, query or
 * fragment. Calls go only to this address plus the service's fixed API paths (never to an
 * address found in a request or a reply). Returns the normalised base without a trailing slash,
 * or null when it is not such an address.
 */
export function serviceBase(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export interface ServiceCall {
  service: ServiceKind;
  base: string;
  path: string;
  query?: Record<string, string>;
  /** Sent as JSON with POST; without one the call is a GET. */
  body?: unknown;
  timeoutMs: number;
}

/**
 * One call to DingTalk or WeCom: both answer JSON with `errcode` (0 = done) and `errmsg`.
 * Every failure becomes a refusal in the caller's language: timed out, unreachable, an HTTP
 * error status, a reply that is not their JSON, or their own errcode with their errmsg.
 */
export async function callService<T extends Record<string, unknown>>(call: ServiceCall): Promise<T> {
  const url = new URL(`${call.base}${call.path}`);
  for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
  const address = `${url.origin}${url.pathname}`;
  const service = call.service;
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.body === undefined ? 'GET' : 'POST',
      headers: call.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json; charset=utf-8' },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      redirect: 'error',
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw refuse(`synThird.timeout.${service}`, { address, seconds: Math.round(call.timeoutMs / 1000) });
    throw refuse(`synThird.unreachable.${service}`, { address });
  }
  let text: string;
  try {
    text = await readCapped(response);
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw refuse(`synThird.timeout.${service}`, { address, seconds: Math.round(call.timeoutMs / 1000) });
    throw refuse(`synThird.badReply.${service}`, { address });
  }
  if (!response.ok) throw refuse(`synThird.httpStatus.${service}`, { address, status: response.status });
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    throw refuse(`synThird.badReply.${service}`, { address });
  }
  if (!reply || typeof reply !== 'object' || Array.isArray(reply)) throw refuse(`synThird.badReply.${service}`, { address });
  const { errcode, errmsg } = reply as { errcode?: unknown; errmsg?: unknown };
  if (errcode !== undefined && Number(errcode) !== 0) {
    throw refuse(`synThird.serviceError.${service}`, { code: String(errcode).slice(0, 20), message: String(errmsg ?? '').slice(0, 200) });
  }
  return reply as T;
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_REPLY_BYTES) throw new Error('reply too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
