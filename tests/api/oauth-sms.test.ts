import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import type { SmsSender } from '../../server/modules/oauth/sms';
import { call } from './oauth-client';

let server: TestServer;
const sent: { phone: string; code: string }[] = [];
const capture: SmsSender = {
  async send({ phone, code }) {
    sent.push({ phone, code });
  },
};
beforeAll(async () => {
  server = await startTestServer();
  server.app.sms.use(capture);
});
afterAll(async () => {
  await server?.close();
});

const smsLogin = (phone: string, smsCode: string) =>
  call<{ token: string; theme: string }>(server, '/api/oauth/smsCodeLogin', { form: { account: phone, smsCode, grant_type: 'smsCode', origin: 'sms' } });
const lastCode = (phone: string) => [...sent].reverse().find((s) => s.phone === phone)!.code;
/** Moves the phone's codes back in time, past the one-a-minute limit. */
const age = (phone: string, ms: number) =>
  server.database.db
    .updateTable('baseSmsCode')
    .set((eb) => ({ createdAt: eb('createdAt', '-', ms) }))
    .where('phone', '=', phone)
    .execute();

describe('SMS code sign-in', () => {
  it('sends a code through the injected sender, stores it hashed, and signs in with it once', async () => {
    const reply = await call(server, '/api/oauth/getSmsCode/13800000001');
    expect(reply.body).toEqual({ code: 200, msg: '验证码已发送' });
    const code = lastCode('13800000001');
    expect(code).toMatch(/^\d{6}$/);
    const row = await server.database.db.selectFrom('baseSmsCode').selectAll().where('phone', '=', '13800000001').executeTakeFirstOrThrow();
    expect(row.codeHash).not.toContain(code);

    const ok = await smsLogin('13800000001', code);
    expect(ok.body.code).toBe(200);
    const me = await call(server, '/api/oauth/CurrentUser', { token: ok.body.data!.token });
    expect(me.body.data.userInfo.userAccount).toBe('staff');
    expect((await smsLogin('13800000001', code)).body.msg).toBe('短信验证码已失效，请重新获取');
  });

  it('refuses wrong codes, then too many wrong codes', async () => {
    await call(server, '/api/oauth/getSmsCode/13800000002');
    const code = lastCode('13800000002');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await smsLogin('13800000002', wrong)).body.msg).toBe('短信验证码错误');
    for (let i = 0; i < 3; i += 1) await smsLogin('13800000002', wrong);
    expect((await smsLogin('13800000002', wrong)).body.msg).toBe('短信验证码错误次数过多，请重新获取');
    expect((await smsLogin('13800000002', code)).body.msg).toBe('短信验证码错误次数过多，请重新获取');
  });

  it('limits requests: one a minute and five an hour per number', async () => {
    const phone = '13800000003';
    expect((await call(server, `/api/oauth/getSmsCode/${phone}`)).body.code).toBe(200);
    const again = await call(server, `/api/oauth/getSmsCode/${phone}`);
    expect(again.status).toBe(400);
    expect(again.body.msg).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
    for (let i = 0; i < 4; i += 1) {
      await age(phone, 61_000);
      expect((await call(server, `/api/oauth/getSmsCode/${phone}`)).body.code).toBe(200);
    }
    await age(phone, 61_000);
    expect((await call(server, `/api/oauth/getSmsCode/${phone}`)).body.msg).toBe('验证码获取次数过多，请稍后再试');
    const english = await call(server, `/api/oauth/getSmsCode/${phone}`, { headers: { 'x-language': 'en' } });
    expect(english.body.msg).toBe('Too many codes requested, please try again later');
  });

  it('expires codes after five minutes', async () => {
    await call(server, '/api/oauth/getSmsCode/13800000000');
    const code = lastCode('13800000000');
    await server.database.db.updateTable('baseSmsCode').set({ expiresAt: Date.now() - 1 }).where('phone', '=', '13800000000').execute();
    expect((await smsLogin('13800000000', code)).body.msg).toBe('短信验证码已失效，请重新获取');
  });

  it('answers an unregistered number like a registered one but sends nothing', async () => {
    const before = sent.length;
    expect((await call(server, '/api/oauth/getSmsCode/13912345678')).body).toEqual({ code: 200, msg: '验证码已发送' });
    expect(sent.length).toBe(before);
    expect((await smsLogin('13912345678', '123456')).body.code).toBe(400);
  });

  it('rejects a malformed phone number', async () => {
    expect((await call(server, '/api/oauth/getSmsCode/12345')).body.msg).toBe('请正确输入您的手机号');
    expect((await smsLogin('12345', '123456')).body.msg).toBe('请正确输入您的手机号');
  });
});
