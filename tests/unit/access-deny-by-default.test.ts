import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessControl } from '../../server/auth/access';
import { AppError } from '../../server/http/errors';
import type { Db } from '../../server/db';

/**
 * The boot check refuses a route without an access rule; the request hook refuses one too, so a
 * rule lost after boot (or a route the check never saw) still denies. The rule here vanishes
 * after the boot check has passed it.
 */
describe('deny by default at request time', () => {
  it('refuses a route whose access rule is missing when the request comes, and leaves 404s alone', async () => {
    const app = Fastify({ logger: false });
    // Runs before the access hook: the route's rule is gone by the time that hook looks.
    app.addHook('onRequest', async (request) => {
      if (request.url === '/vanishing') delete (request.routeOptions.config as { access?: unknown }).access;
    });
    await app.register(accessControl, { db: {} as Db, idleSeconds: 60 });
    let handled = false;
    app.get('/vanishing', { config: { access: 'public' } }, async () => {
      handled = true;
      return { ok: true };
    });
    app.get('/open', { config: { access: 'public' } }, async () => ({ ok: true }));
    app.setErrorHandler((error, _request, reply) => {
      reply.code(error instanceof AppError ? error.code : 500).send({ key: error instanceof AppError ? error.key : String(error) });
    });
    await app.ready();

    const refused = await app.inject({ method: 'GET', url: '/vanishing' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ key: 'server.permissionDenied' });
    expect(handled).toBe(false);

    expect((await app.inject({ method: 'GET', url: '/open' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    await app.close();
  });
});
