import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildRequest, configureClient, request, type ClientEnvironment } from '../../src/app/api/client';

function envWith(reply: unknown, path = '/home') {
  const calls = { notify: [] as [string, number][], navigate: [] as string[], ended: 0, locked: 0 };
  const env: ClientEnvironment = {
    baseUrl: '',
    getToken: () => 'tok',
    getLanguage: () => 'en',
    notifyError: (m, ms) => calls.notify.push([m, ms]),
    defaultErrorMessage: () => '请求出错，请重试',
    endSession: () => calls.ended++,
    lockSession: () => calls.locked++,
    currentPath: () => path,
    navigate: (to) => calls.navigate.push(to),
    fetch: vi.fn(async () => {
      if (reply instanceof Error) throw reply;
      return new Response(JSON.stringify(reply));
    }) as unknown as typeof fetch,
    nowSeconds: () => 1700000000,
  };
  configureClient(env);
  return { env, calls };
}

describe('request building (spec 7)', () => {
  const e = { baseUrl: '', getToken: () => 'tok', getLanguage: () => 'zh-TW', nowSeconds: () => 123 };
  it('GET sends data as query plus n, with origin marker, bearer and language', () => {
    const { url, init } = buildRequest({ url: '/api/x', data: { a: 1, b: 'z', skip: undefined } }, e);
    expect(url).toBe('/api/x?a=1&b=z&n=123');
    expect(init.headers).toMatchObject({ 'jnpf-origin': 'pc', Authorization: 'Bearer tok', 'X-Language': 'zh-TW' });
    expect(init.body).toBeUndefined();
  });
  it('POST form-encodes when asked', () => {
    const { url, init } = buildRequest({ url: '/api/oauth/Login', method: 'POST', form: true, data: { account: 'a b', password: 'p' } }, e);
    expect(url).toBe('/api/oauth/Login?n=123');
    expect((init.headers as Record<string, string>)['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(init.body).toBe('account=a+b&password=p');
  });
  it('POST sends JSON by default and no Authorization without token', () => {
    const { init } = buildRequest({ url: '/api/x', method: 'POST', data: { a: 1 } }, { ...e, getToken: () => null });
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).not.toHaveProperty('Authorization');
  });
});

describe('error catalogue (spec 8)', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('code 200 resolves with the envelope', async () => {
    envWith({ code: 200, msg: 'ok', data: { x: 1 } });
    await expect(request({ url: '/api/x' })).resolves.toEqual({ code: 200, msg: 'ok', data: { x: 1 } });
  });
  it('code ≠ 200 shows the message for 1.5 s and rejects with the body', async () => {
    const { calls } = envWith({ code: 400, msg: '账号或密码错误', data: { needCaptcha: true } });
    const error = await request({ url: '/api/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).data).toEqual({ needCaptcha: true });
    expect(calls.notify).toEqual([['账号或密码错误', 1500]]);
  });
  it('an empty message falls back to the default', async () => {
    const { calls } = envWith({ code: 500, msg: '' });
    await request({ url: '/api/x' }).catch(() => undefined);
    expect(calls.notify[0]![0]).toBe('请求出错，请重试');
  });
  it.each([600, 601, 602])('%i ends the session and goes to /guide', async (code) => {
    const { calls } = envWith({ code, msg: 'expired' });
    await request({ url: '/api/x' }).catch(() => undefined);
    expect(calls.ended).toBe(1);
    expect(calls.navigate).toEqual(['/guide']);
  });
  it('600 on /login ends the session but stays', async () => {
    const { calls } = envWith({ code: 600, msg: 'expired' }, '/login');
    await request({ url: '/api/x' }).catch(() => undefined);
    expect(calls.ended).toBe(1);
    expect(calls.navigate).toEqual([]);
  });
  it('sign-in and lock-screen calls do not end the session', async () => {
    const { calls } = envWith({ code: 602, msg: 'bad' });
    await request({ url: '/api/oauth/UnlockScreen', sessionCall: true }).catch(() => undefined);
    expect(calls.ended).toBe(0);
  });
  it('603 sets the lock flag and goes to /lockScreen', async () => {
    const { calls } = envWith({ code: 603, msg: 'locked' });
    await request({ url: '/api/x' }).catch(() => undefined);
    expect(calls.locked).toBe(1);
    expect(calls.navigate).toEqual(['/lockScreen']);
  });
  it('network error shows 请求出错，请重试', async () => {
    const { calls } = envWith(new TypeError('Failed to fetch'));
    const error = await request({ url: '/api/x' }).catch((e: unknown) => e);
    expect((error as ApiError).network).toBe(true);
    expect(calls.notify).toEqual([['请求出错，请重试', 1500]]);
  });
  it('skipErrorHandler returns the body unchanged', async () => {
    const { calls } = envWith({ code: 400, msg: 'no', data: 1 });
    await expect(request({ url: '/api/x', skipErrorHandler: true })).resolves.toEqual({ code: 400, msg: 'no', data: 1 });
    expect(calls.notify).toEqual([]);
  });
  it('silent rejects without a message', async () => {
    const { calls } = envWith({ code: 400, msg: 'no' });
    await expect(request({ url: '/api/x', silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(calls.notify).toEqual([]);
  });
});
