import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ReplyCode } from '../../src/runtime/codes';
import { AppError } from './errors';

/**
 * Text holding a NUL character (U+0000) is refused before any handler runs, in the path, the
 * query and the body alike. PostgreSQL cannot store or even compare it (invalid byte sequence:
 * a 500 from deep inside a query, found by tests/security/fuzz-post-put.test.ts); SQLite can.
 * Refusing it on both keeps the two databases answering the same.
 */
export function holdsNul(value: unknown): boolean {
  // A loop, not recursion: a body may nest twenty thousand levels deep.
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object') {
      for (const [key, child] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

async function nulGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) throw new AppError(ReplyCode.refused, 'server.nulInText');
  });
}

export const nulGuard = fp(nulGuardPlugin, { name: 'nul-guard' });
