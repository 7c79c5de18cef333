import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SmsSender } from '../../server/modules/oauth/sms';
import { startTestServer, type TestServer } from '../helpers/server';
import { call, login, tokenOf } from './oauth-client';
import { POLICY_OFF, setConfig, STRICT_POLICY } from './profile-client';

let server: TestServer;
const sent: { phone: string; code: string; purpose: string }[] = [];
const capture: SmsSender = {
  async send({ phone, code, purpose }) {
    sent.push({ phone, code, purpose });
  },
};
beforeAll(async () => {
  server = await startTestServer();
  server.app.sms.use(capture);
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await setConfig(server, { ...POLICY_OFF, mandatoryModificationOfInitialPassword: 0 });
});

const lastCode = (phone: string, purpose: string) => [...sent].reverse().find((s) => s.phone === phone && s.purpose === purpose)?.code;
const smsCode = async (phone: string, purpose: string) => {
  const reply = await call(server, `/api/oauth/getSmsCode/${phone}?purpose=${purpose}`);
  return { reply, code: lastCode(phone, purpose) };
};
const register = (json: Record<string, unknown>) => call(server, '/api/oauth/register', { json });

describe('POST /api/oauth/register → pending → approve', () => {
  it('registers a business customer who cannot sign in until staff approve', async () => {
    await setConfig(server, STRICT_POLICY);
    const phone = '13900000001';
    const { reply, code } = await smsCode(phone, 'register');
    expect(reply.body.code).toBe(200);
    expect(code).toMatch(/^\d{6}$/);
    const form = { mobile: phone, smsCode: code, companyName: '西北贸易有限公司', contactName: '李四', newPassword: 'Strong#Pass1', repeatPassword: 'Strong#Pass1' };
    expect((await register({ ...form, companyName: ' ' })).body.msg).toBe('请输入公司名称');
    expect((await register({ ...form, contactName: '' })).body.msg).toBe('请输入联系人');
    expect((await register({ ...form, newPassword: 'weak', repeatPassword: 'weak' })).body.msg).toBe('新密码长度不能小于8位');
    expect((await register({ ...form, repeatPassword: 'Other#Pass1' })).body.msg).toBe('两次密码输入不一致');
    expect((await register({ ...form, smsCode: '' })).body.msg).toBe('请输入短信验证码');
    const done = await register(form);
    expect(done.body).toEqual({ code: 200, msg: '注册成功，请等待审核', data: { account: phone, state: 'pending' } });

    const row = await server.database.db.selectFrom('baseUser').selectAll().where('account', '=', phone).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userKind: 'customer', enabledMark: 0, changePasswordDate: expect.any(Number), realName: '李四', mobile: phone });
    // Same number again: refused before and at registration.
    expect((await call(server, `/api/oauth/getSmsCode/${phone}?purpose=register`)).body.msg).toBe('该手机号已注册');
    expect((await register(form)).body.msg).toBe('该手机号已注册');

    const refused = await login(server, phone, 'Strong#Pass1');
    expect(refused.body.msg).toBe('账号待审核，请等待管理员审核通过后登录');
    expect((await login(server, phone, 'wrong')).body.msg).toBe('账号或密码错误');

    // Staff without permission.user:manage may not review; the administrator may.
    const staff = await tokenOf(server, 'staff');
    expect((await call(server, '/api/permission/Users/Pending', { token: staff })).status).toBe(403);
    const admin = await tokenOf(server, 'admin');
    const pending = (await call(server, '/api/permission/Users/Pending', { token: admin })).body.data;
    expect(pending.pagination.total).toBe(1);
    expect(pending.list[0]).toMatchObject({ id: row.id, account: phone, mobile: phone, companyName: '西北贸易有限公司', contactName: '李四' });
    expect((await call(server, `/api/permission/Users/${row.id}/Actions/Approve`, { method: 'PUT', token: staff })).status).toBe(403);
    expect((await call(server, `/api/permission/Users/${row.id}/Actions/Approve`, { method: 'PUT', token: admin })).body).toEqual({ code: 200, msg: '审核通过' });
    expect((await call(server, `/api/permission/Users/${row.id}/Actions/Approve`, { method: 'PUT', token: admin })).body.msg).toBe('注册申请不存在或已处理');
    expect((await call(server, '/api/permission/Users/Pending', { token: admin })).body.data.pagination.total).toBe(0);

    const signIn = await login(server, phone, 'Strong#Pass1');
    expect(signIn.body.code).toBe(200);
    const info = (await call(server, '/api/oauth/CurrentUser', { token: signIn.body.data!.token })).body.data;
    expect(info.userInfo).toMatchObject({ userKind: 'customer', organizeName: '西北贸易有限公司', changePasswordDate: expect.any(Number), mustChangePassword: false });
    expect(info.menuList[0].children.map((m: { fullName: string }) => m.fullName)).toEqual(['业务订单']);
  });

  it('refuses a wrong or reused SMS code and a code of another purpose', async () => {
    const phone = '13900000002';
    const { code } = await smsCode(phone, 'register');
    const form = { mobile: phone, smsCode: code === '000000' ? '111111' : '000000', companyName: '东北公司', contactName: '王五', newPassword: 'abc123' };
    expect((await register(form)).body.msg).toBe('短信验证码错误');
    // A sign-in code is not a registration code (and is not even sent to an unknown number).
    expect((await call(server, `/api/oauth/getSmsCode/${phone}`)).body.code).toBe(200);
    expect(lastCode(phone, 'login')).toBeUndefined();
    expect((await register({ ...form, smsCode: code })).body.code).toBe(200);
  });
});

describe('POST /api/oauth/forgetPwd', () => {
  it('resets the password with an SMS code, enforces the policy and ends every session', async () => {
    await setConfig(server, STRICT_POLICY);
    const phone = '13800000003'; // customer2
    const before = await tokenOf(server, 'customer2');
    const { code } = await smsCode(phone, 'forgetPwd');
    expect(code).toMatch(/^\d{6}$/);
    const reset = (json: Record<string, unknown>) => call(server, '/api/oauth/forgetPwd', { json });
    expect((await reset({ mobile: phone, smsCode: code, newPassword: 'short' })).body.msg).toBe('新密码长度不能小于8位');
    expect((await reset({ mobile: phone, smsCode: code, newPassword: 'nodigits#Abc' })).body.msg).toBe('新密码必须包含数字');
    expect((await reset({ mobile: '123', smsCode: code, newPassword: 'Reset#2026' })).body.msg).toBe('请正确输入您的手机号');
    const ok = await reset({ mobile: phone, smsCode: code, newPassword: 'Reset#2026', repeatPassword: 'Reset#2026' });
    expect(ok.body).toEqual({ code: 200, msg: '密码已重置，请使用新密码登录' });
    expect((await call(server, '/api/oauth/CurrentUser', { token: before })).body.code).toBe(602);
    expect((await login(server, 'customer2', 'demo1234')).body.code).toBe(400);
    expect((await login(server, 'customer2', 'Reset#2026')).body.code).toBe(200);
    // The code was used up.
    expect((await reset({ mobile: phone, smsCode: code, newPassword: 'Again#2026' })).body.msg).toBe('短信验证码已失效，请重新获取');
  });

  it('sends nothing to a number without an account and answers the same', async () => {
    const phone = '13900000099';
    const reply = await call(server, `/api/oauth/getSmsCode/${phone}?purpose=forgetPwd`);
    expect(reply.body).toEqual({ code: 200, msg: '验证码已发送' });
    expect(lastCode(phone, 'forgetPwd')).toBeUndefined();
    expect((await call(server, '/api/oauth/forgetPwd', { json: { mobile: phone, smsCode: '123456', newPassword: 'Reset#2026' } })).body.code).toBe(400);
    expect((await call(server, `/api/oauth/getSmsCode/${phone}?purpose=other`)).status).toBe(400);
  });

  it('keeps the rate limit per number and purpose', async () => {
    const phone = '13800000000';
    expect((await call(server, `/api/oauth/getSmsCode/${phone}?purpose=forgetPwd`)).body.code).toBe(200);
    expect((await call(server, `/api/oauth/getSmsCode/${phone}?purpose=forgetPwd`)).body.msg).toMatch(/^验证码发送过于频繁/);
  });
});
