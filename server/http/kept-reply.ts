import type { FastifyReply } from 'fastify';
import { KeptValues } from '../cache/invalidation';

/**
 * Replies whose bytes are kept until a committed write to their tables (issue 20): a read that
 * many callers ask for in the same form (the dictionary's category tree in a language) is
 * serialised and encoded once, through the route's own response schema, instead of on every
 * request — for a 3 kB reply that was a third of the request's CPU. Dropped like every kept
 * value (server/cache/invalidation.ts), so in every process at the next request.
 */
export class KeptReplies {
  private readonly kept: KeptValues<Buffer>;

  constructor(tables: readonly string[]) {
    this.kept = new KeptValues<Buffer>(tables, null, 100);
  }

  /** Sends the kept bytes for `key`, or builds the reply with `build`, serialises, keeps and sends it. */
  async send(reply: FastifyReply, db: object, key: string, build: () => Promise<unknown>): Promise<FastifyReply> {
    const body = await this.kept.get(db, key, async () => Buffer.from(reply.serialize(await build()) as string));
    // a Buffer is sent as it is: the serialiser already ran when it was kept
    return reply.type('application/json; charset=utf-8').send(body!);
  }
}
