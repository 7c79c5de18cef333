/**
 * The HTTP client (spec 7 and 8). Every call:
 *  - carries `jnpf-origin: pc` — the spec's origin marker; `origin` itself is a forbidden
 *    header name in browsers, so the marker travels under this name;
 *  - carries `Authorization: Bearer <token>` when a token exists and `X-Language`;
 *  - gets a cache-busting query `n` = current seconds; GET sends its data as query.
 * Replies with code ≠ 200 show the message (default 请求出错，请重试) for 1.5 s and reject with
 * an ApiError holding the body. 600/601/602 end the session (except on sign-in and lock-screen
 * calls); 603 sets the lock flag and goes to /lockScreen. `skipErrorHandler` returns the body
 * unchanged whatever its code.
 */
import { ReplyCode, SESSION_ENDING_CODES } from '../../runtime/codes';
import type { ApiReply } from './types';

export class ApiError<T = unknown> extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: T | undefined;
  /** True when no reply arrived (network failure, timeout, not JSON). */
  readonly network: boolean;
  constructor(reply: { code: number; msg: string; data?: T }, network = false) {
    super(reply.msg);
    this.name = 'ApiError';
    this.code = reply.code;
    this.msg = reply.msg;
    this.data = reply.data;
    this.network = network;
  }
}

export interface RequestOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** GET/DELETE: query parameters. Others: the JSON body (or form fields with `form`). */
  data?: Record<string, unknown> | unknown[] | null;
  /** Send the body form-encoded (application/x-www-form-urlencoded). */
  form?: boolean;
  /** A multipart body (uploads); sent as it is, the browser sets its Content-Type. */
  formData?: FormData;
  /** Return the body as it is; no message, no session handling. */
  skipErrorHandler?: boolean;
  /** Sign-in and lock-screen calls: 600/601/602 do not end the session. */
  sessionCall?: boolean;
  /** Do not show the message of a refusal (the caller shows it). */
  silent?: boolean;
  timeoutMs?: number;
}

/** What the client needs from the app; injected so the client is testable without a browser. */
export interface ClientEnvironment {
  baseUrl: string;
  getToken(): string | null;
  getLanguage(): string;
  /** Show an error message for `durationMs`. */
  notifyError(message: string, durationMs: number): void;
  defaultErrorMessage(): string;
  /** Reset the token and session state. */
  endSession(): void;
  /** Set the lock flag. */
  lockSession(): void;
  currentPath(): string;
  navigate(to: string): void;
  fetch: typeof fetch;
  nowSeconds(): number;
}

export const ERROR_TOAST_MS = 1500;
export const DEFAULT_TIMEOUT_MS = 1_000_000;

let env: ClientEnvironment | null = null;

export function configureClient(environment: ClientEnvironment): void {
  env = environment;
}

function environment(): ClientEnvironment {
  if (!env) throw new Error('API client used before configureClient()');
  return env;
}

function appendQuery(params: URLSearchParams, data: RequestOptions['data']): void {
  if (!data || Array.isArray(data)) return;
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
}

export function formEncode(data: Record<string, unknown>): string {
  const params = new URLSearchParams();
  appendQuery(params, data);
  return params.toString();
}

/** Builds the URL and fetch init of a request (exported for tests). */
export function buildRequest(options: RequestOptions, e: Pick<ClientEnvironment, 'baseUrl' | 'getToken' | 'getLanguage' | 'nowSeconds'>): { url: string; init: RequestInit } {
  const method = options.method ?? 'GET';
  const [path, existing = ''] = options.url.split('?');
  const params = new URLSearchParams(existing);
  const sendsQuery = method === 'GET' || method === 'DELETE';
  if (sendsQuery) appendQuery(params, options.data);
  params.set('n', String(e.nowSeconds()));
  const headers: Record<string, string> = { 'jnpf-origin': 'pc', 'X-Language': e.getLanguage() };
  const token = e.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (!sendsQuery && options.data !== undefined && options.data !== null) {
    if (options.form && !Array.isArray(options.data)) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = formEncode(options.data);
    } else {
      headers['Content-Type'] = 'application/json;charset=UTF-8';
      body = JSON.stringify(options.data);
    }
  } else if (!sendsQuery) {
    headers['Content-Type'] = 'application/json;charset=UTF-8';
    body = '{}';
  }
  return { url: `${e.baseUrl}${path}?${params.toString()}`, init: { method, headers, body } };
}

/** One call; resolves with the envelope when code is 200 (or always, with skipErrorHandler). */
export async function request<T = unknown>(options: RequestOptions): Promise<ApiReply<T>> {
  const e = environment();
  const { url, init } = buildRequest(options, e);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let reply: ApiReply<T>;
  try {
    const response = await e.fetch(url, { ...init, signal: controller.signal });
    const parsed = (await response.json()) as Partial<ApiReply<T>>;
    if (typeof parsed?.code !== 'number') throw new Error('not an envelope');
    reply = { code: parsed.code, msg: parsed.msg ?? '', data: parsed.data as T };
  } catch {
    const message = e.defaultErrorMessage();
    if (options.skipErrorHandler) return { code: 0, msg: message, data: undefined as T };
    if (!options.silent) e.notifyError(message, ERROR_TOAST_MS);
    throw new ApiError({ code: 0, msg: message }, true);
  } finally {
    clearTimeout(timer);
  }
  if (options.skipErrorHandler || reply.code === ReplyCode.ok) return reply;
  handleFailure(reply, options, e);
  throw new ApiError<T>(reply);
}

function handleFailure(reply: ApiReply<unknown>, options: RequestOptions, e: ClientEnvironment): void {
  const message = reply.msg || e.defaultErrorMessage();
  if (SESSION_ENDING_CODES.includes(reply.code) && !options.sessionCall) {
    if (!options.silent) e.notifyError(message, ERROR_TOAST_MS);
    e.endSession();
    if (e.currentPath() !== '/login') e.navigate('/guide');
    return;
  }
  if (reply.code === ReplyCode.screenLocked && !options.sessionCall) {
    e.lockSession();
    if (e.currentPath() !== '/lockScreen') e.navigate('/lockScreen');
    return;
  }
  if (!options.silent) e.notifyError(message, ERROR_TOAST_MS);
}

/** Convenience wrappers returning the envelope's data. */
export const http = {
  get: <T>(url: string, data?: RequestOptions['data'], extra?: Partial<RequestOptions>) =>
    request<T>({ ...extra, url, method: 'GET', data }).then((r) => r.data),
  post: <T>(url: string, data?: RequestOptions['data'], extra?: Partial<RequestOptions>) =>
    request<T>({ ...extra, url, method: 'POST', data }).then((r) => r.data),
  put: <T>(url: string, data?: RequestOptions['data'], extra?: Partial<RequestOptions>) =>
    request<T>({ ...extra, url, method: 'PUT', data }).then((r) => r.data),
  delete: <T>(url: string, data?: RequestOptions['data'], extra?: Partial<RequestOptions>) =>
    request<T>({ ...extra, url, method: 'DELETE', data }).then((r) => r.data),
  /** POST form-encoded (sign-in). */
  postForm: <T>(url: string, data: Record<string, unknown>, extra?: Partial<RequestOptions>) =>
    request<T>({ ...extra, url, method: 'POST', data, form: true }).then((r) => r.data),
};
