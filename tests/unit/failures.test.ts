import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { failureHandling } from '../../server/http/failures';

/** The failure handler's answers for errors no route throws on purpose. */
async function appThrowing(error: unknown) {
  const app = Fastify({ logger: false });
  await app.register(failureHandling);
  app.get('/x', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

describe('transactions the database rolled back', () => {
  for (const code of ['40P01', '40001', 'SQLITE_BUSY']) {
    it(`${code}: 503 with retry-after and "nothing was saved" in the caller's language, never a 500`, async () => {
      const app = await appThrowing(Object.assign(new Error('deadlock detected'), { code }));
      const en = await app.inject({ url: '/x', headers: { 'accept-language': 'en' } });
      expect(en.statusCode).toBe(503);
      expect(en.headers['retry-after']).toBe('1');
      expect(en.json().msg).toMatch(/nothing was saved/);
      const zh = await app.inject({ url: '/x', headers: { 'accept-language': 'zh-CN' } });
      expect(zh.json().msg).toBe('数据正被同时修改，本次操作未生效，请重试');
      await app.close();
    });
  }

  it('any other database error stays a 500 with the generic message', async () => {
    const app = await appThrowing(Object.assign(new Error('relation missing'), { code: '42P01' }));
    const reply = await app.inject({ url: '/x', headers: { 'accept-language': 'en' } });
    expect(reply.statusCode).toBe(500);
    expect(reply.json().msg).not.toMatch(/relation/);
    await app.close();
  });
});
