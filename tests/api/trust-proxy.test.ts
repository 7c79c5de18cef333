import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { login } from './oauth-client';

/** The caller's address (login log, per-address limits) is the socket's unless proxies are configured. */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function loggedAddress(s: TestServer): Promise<string | null> {
  expect((await login(s, 'staff', 'demo1234', {}, { 'x-forwarded-for': '6.6.6.6' })).body.code).toBe(200);
  const row = await s.database.db.selectFrom('baseLoginLog').select('ip').orderBy('createdAt', 'desc').executeTakeFirst();
  return row?.ip ?? null;
}

describe('X-Forwarded-For', () => {
  it('is ignored by default: a spoofed address never reaches the login log', async () => {
    server = await startTestServer();
    const ip = await loggedAddress(server);
    expect(ip).not.toBe('6.6.6.6');
    expect(ip).toMatch(/127\.0\.0\.1|::1/);
  });

  it('is believed for the configured number of proxy hops', async () => {
    server = await startTestServer({ trustProxyHops: 1 });
    expect(await loggedAddress(server)).toBe('6.6.6.6');
  });
});
