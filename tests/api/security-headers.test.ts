import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

/** Response headers (server/http/security-headers.ts) on pages, API replies, refusals and the API docs. */
let server: TestServer;
let staticDir: string;
beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-headers-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
  server = await startTestServer({ staticDir, rateLimits: { perAccount: 1, perAddress: 100, shortLinkPerAddress: 100 } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

function directives(header: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

function expectCommonHeaders(res: Response) {
  void res.body?.cancel(); // only the headers are read: the connection is free again
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
  expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  // Left to whoever terminates TLS.
  expect(res.headers.get('strict-transport-security')).toBeNull();
  const csp = directives(res.headers.get('content-security-policy'));
  expect(csp.get('frame-ancestors')).toBe("'self'");
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  return csp;
}

describe('security headers', () => {
  it('the page: scripts from our origin only (no inline script), inline styles, same-origin socket', async () => {
    const res = await fetch(`${server.url}/home`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const csp = expectCommonHeaders(res);
    expect(csp.get('script-src')).toBe("'self' 'unsafe-eval'");
    expect(csp.get('script-src-attr')).toBe("'none'");
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(csp.get('connect-src')).toBe("'self'");
  });

  it('API replies, 404s and refusals carry them too', async () => {
    expectCommonHeaders(await fetch(`${server.url}/api/system/health`));
    const missing = await fetch(`${server.url}/api/no/such/route`);
    expect(missing.status).toBe(404);
    expectCommonHeaders(missing);
    const refused = await fetch(`${server.url}/api/oauth/CurrentUser`);
    expect(refused.status).toBe(401);
    expectCommonHeaders(refused);
    const form = { account: 'nobody', password: 'x' };
    await fetch(`${server.url}/api/oauth/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) });
    const limited = await fetch(`${server.url}/api/oauth/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) });
    expect(limited.status).toBe(429);
    expectCommonHeaders(limited);
  });

  it('the API documentation has its own policy: no eval, no frames', async () => {
    const res = await fetch(`${server.url}/api/docs/static/index.html`);
    expect(res.status).toBe(200);
    const csp = expectCommonHeaders(res);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('frame-src')).toBe("'none'");
    // and the app's policy is not relaxed by it
    expect(directives((await fetch(`${server.url}/home`)).headers.get('content-security-policy')).get('frame-src')).toBe("'self' http: https:");
  });
});
