import SparkMD5 from 'spark-md5';
import type { TestServer } from '../helpers/server';

/** Small HTTP helpers shared by the oauth/session API tests (real fetch against the real server). */
export interface Reply<T = any> {
  status: number;
  body: { code: number; msg: string; data?: T };
}

export const md5 = (plain: string) => SparkMD5.hash(plain);

export async function call<T = any>(
  server: TestServer,
  path: string,
  options: { method?: string; token?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; raw?: string } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { origin: 'pc', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.raw !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = options.raw;
  }
  const res = await fetch(`${server.url}${path}`, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  return { status: res.status, body: (await res.json()) as Reply<T>['body'] };
}

export function login(server: TestServer, account: string, password = 'demo1234', extra: Record<string, string> = {}, headers?: Record<string, string>) {
  return call<{ token: string; theme: string; needCaptcha?: boolean }>(server, '/api/oauth/Login', {
    form: { account, password: md5(password), origin: 'password', client_id: 'admin', client_secret: '123456', scope: 'all', grant_type: 'password', ...extra },
    headers,
  });
}

export async function tokenOf(server: TestServer, account: string): Promise<string> {
  const reply = await login(server, account);
  if (reply.body.code !== 200 || !reply.body.data) throw new Error(`sign-in of ${account} failed: ${reply.body.msg}`);
  return reply.body.data.token;
}

/** Fetches a captcha image and reads its code from the database, as only the image's reader could. */
export async function solveCaptcha(server: TestServer): Promise<{ timestamp: string; code: string }> {
  const timestamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const res = await fetch(`${server.url}/api/file/ImageCode/${timestamp}`);
  if (res.status !== 200) throw new Error(`captcha image answered ${res.status}`);
  await res.text();
  const row = await server.database.db.selectFrom('baseCaptcha').select('code').where('id', '=', timestamp).executeTakeFirstOrThrow();
  return { timestamp, code: row.code };
}
