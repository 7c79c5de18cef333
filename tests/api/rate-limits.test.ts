import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from '../helpers/server';
import { call, login, md5 } from './oauth-client';

/** Anonymous-caller limits (server/http/rate-limits.ts), on servers started with small limits. */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const small = (perAccount: number, perAddress: number, shortLinkPerAddress = 1000) =>
  startTestServer({ rateLimits: { perAccount, perAddress, shortLinkPerAddress } });

describe('sign-in limits', () => {
  it('refuses the account past its allowance with 429 and a message in the caller\'s language; another account still signs in', async () => {
    server = await small(3, 100);
    for (let i = 0; i < 3; i++) expect((await login(server, 'staff')).body.code).toBe(200);
    const refused = await login(server, 'staff');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(429);
    expect(refused.body.msg).toMatch(/^操作过于频繁，请\d+秒后再试$/);
    expect(refused.body.data).toBeUndefined();
    expect((await login(server, 'STAFF', 'demo1234', {}, { 'x-language': 'zh-TW' })).body.msg).toMatch(/^操作過於頻繁，請\d+秒後再試$/);
    expect((await login(server, 'staff', 'demo1234', {}, { 'accept-language': 'en' })).body.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    // The product's own client reads codes on HTTP 200 only.
    const product = await login(server, 'staff', 'demo1234', {}, { 'jnpf-origin': 'pc' });
    expect(product.status).toBe(200);
    expect(product.body.code).toBe(429);
    // SMS sign-in is the same family: the account's allowance is spent there too.
    const sms = await call(server, '/api/oauth/smsCodeLogin', { form: { account: 'staff', smsCode: '123456', grant_type: 'smsCode' } });
    expect(sms.status).toBe(429);
    expect((await login(server, 'admin')).body.code).toBe(200);
  });

  it('refuses the address past its allowance whatever account it names', async () => {
    server = await small(100, 4);
    for (let i = 0; i < 4; i++) expect((await login(server, `nobody${i}`)).status).toBe(400);
    const refused = await login(server, 'admin');
    expect(refused.status).toBe(429);
    // A spoofed X-Forwarded-For does not buy a new allowance when no proxy is trusted.
    expect((await login(server, 'admin', 'demo1234', {}, { 'x-forwarded-for': '6.6.6.6' })).status).toBe(429);
  });

  it('counts each forwarded address apart when a proxy is trusted', async () => {
    server = await startTestServer({ trustProxyHops: 1, rateLimits: { perAccount: 100, perAddress: 2, shortLinkPerAddress: 100 } });
    const from = (ip: string) => login(server!, 'staff', 'demo1234', {}, { 'x-forwarded-for': ip });
    expect((await from('10.0.0.1')).status).toBe(200);
    expect((await from('10.0.0.1')).status).toBe(200);
    expect((await from('10.0.0.1')).status).toBe(429);
    expect((await from('10.0.0.2')).status).toBe(200);
  });
});

describe('other anonymous routes', () => {
  it('limits captcha images per address', async () => {
    server = await small(100, 3);
    const image = (t: number) => fetch(`${server!.url}/api/file/ImageCode/${Date.now()}${t}`);
    for (let i = 0; i < 3; i++) expect((await image(i)).status).toBe(200);
    const refused = await image(9);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { code: number }).code).toBe(429);
  });

  it('limits SMS codes per address across numbers', async () => {
    server = await small(100, 3);
    for (let i = 0; i < 3; i++) expect((await call(server, `/api/oauth/getSmsCode/1390000000${i}?purpose=register`)).status).toBe(200);
    expect((await call(server, '/api/oauth/getSmsCode/13900000009?purpose=register')).status).toBe(429);
  });

  it('limits registration and password reset per mobile, each on its own counter', async () => {
    server = await small(2, 100);
    const register = (mobile: string) =>
      call(server!, '/api/oauth/register', { json: { mobile, smsCode: '000000', newPassword: 'abc12345', companyName: 'C', contactName: 'N' } });
    const reset = (mobile: string) => call(server!, '/api/oauth/forgetPwd', { json: { mobile, smsCode: '000000', newPassword: 'abc12345' } });
    expect((await register('13900000001')).status).toBe(400);
    expect((await register('13900000001')).status).toBe(400);
    expect((await register('13900000001')).status).toBe(429);
    expect((await register('13900000002')).status).toBe(400);
    expect((await reset('13900000001')).status).toBe(400);
    expect((await reset('13900000001')).status).toBe(400);
    expect((await reset('13900000001')).status).toBe(429);
  });

  it('limits the public short-link routes per address, on top of the per-link limits', async () => {
    server = await small(100, 100, 3);
    for (let i = 0; i < 3; i++) expect((await call(server, '/api/visualdev/ShortLink/Open/nosuchcode')).status).toBe(404);
    expect((await call(server, '/api/visualdev/ShortLink/Open/nosuchcode/Form', { json: {} })).status).toBe(429);
    // Signed-in routes are not counted.
    expect((await call(server, '/api/oauth/Login', { form: { account: 'admin', password: md5('demo1234') } })).body.code).toBe(200);
  });
});

describe('sign-in configuration and scan-login tickets', () => {
  it('limits getConfig/{account} per account and per address (it tells whether an account needs a captcha)', async () => {
    server = await small(2, 3);
    for (let i = 0; i < 2; i++) expect((await call(server, '/api/oauth/getConfig/staff')).status).toBe(200);
    const refused = await call(server, '/api/oauth/getConfig/STAFF', { headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    // The address's allowance (3) is spent by the three calls above: another account is refused too.
    expect((await call(server, '/api/oauth/getConfig/admin')).status).toBe(429);
  });

  it('limits new tickets per address, and polls at four times the per-address limit', async () => {
    server = await small(100, 2);
    const ticket = await call(server, '/api/oauth/ScanLogin/Ticket', { json: {} });
    expect(ticket.status).toBe(200);
    expect((await call(server, '/api/oauth/ScanLogin/Ticket', { json: {} })).status).toBe(200);
    expect((await call(server, '/api/oauth/ScanLogin/Ticket', { json: {} })).status).toBe(429);
    const poll = () => call(server!, `/api/oauth/ScanLogin/Ticket/${ticket.body.data.ticket}`);
    for (let i = 0; i < 8; i++) expect((await poll()).body.data.status).toBe('waiting');
    expect((await poll()).status).toBe(429);
  });

  it('limits scanning and confirming tickets per address (they share the new-ticket counter)', async () => {
    server = await small(100, 2);
    const { token } = (await login(server, 'staff')).body.data as { token: string };
    const scan = () => call(server!, '/api/oauth/ScanLogin/Ticket/nosuchticket/Scan', { json: {}, token });
    expect((await scan()).status).toBe(400);
    expect((await scan()).status).toBe(400);
    expect((await scan()).status).toBe(429);
  });
});

describe('configuration', () => {
  it('reads the limits from the environment, real-user defaults otherwise', () => {
    expect(loadConfig({}).rateLimits).toEqual({ perAccount: 10, perAddress: 30, shortLinkPerAddress: 120 });
    expect(loadConfig({ RATE_LIMIT_PER_ACCOUNT: '5', RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_SHORT_LINK: '7' }).rateLimits).toEqual({
      perAccount: 5,
      perAddress: 0,
      shortLinkPerAddress: 7,
    });
  });
});
