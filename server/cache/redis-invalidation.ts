import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Change, Invalidation } from './invalidation';
import { within } from '../within';

export const CHANNEL = 'scp:invalidation';
/** The number of changes ever published: each message carries its own, in order. */
export const EPOCH_KEY = 'scp:invalidation:epoch';
/** How long a reply waits for Redis to take its changes before going out anyway (Redis away). */
const PUBLISH_WAIT_MS = 250;
/** How long a request waits for Redis's epoch or for messages still on their way, before serving uncached. */
const CATCH_UP_MS = 250;

// One step in Redis: the epoch goes up and the message carrying it goes out, so messages reach
// every subscriber in epoch order and none is lost between the two.
const PUBLISH_SCRIPT = `local n = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[1], n .. ' ' .. ARGV[2])
return n`;

/**
 * Several processes on one database (REDIS_URL; the scale-out issue): every change this process
 * commits goes out on one Redis channel as it is (table names and key values, JSON), and every
 * change another process committed is delivered to this process's caches, so a write through
 * process A is seen by the next request on process B.
 *
 * "The next request" is kept by an epoch: publishing raises a counter in Redis in the same step,
 * and a writer's reply waits for that step. Before a request is served, `catchUp` reads the
 * counter (one GET shared by the requests that arrived in the same turn of the event loop) and,
 * when this process has not yet applied that many messages, waits for them: they are already on
 * their way on the subscription, which a busy process reads later than its requests (the bench
 * saw 14 of 200 first requests on B answer from the cache before B had read A's change).
 * Messages that do not come in time, or Redis not answering, wipe every cache instead.
 *
 * While the subscription is down this process cannot hear changes: `live` is false and every
 * request starts uncached; once it is back every cache is wiped once more.
 */
export interface RedisInvalidation {
  /** subscribed: cached values may be trusted */
  readonly live: boolean;
  /** Resolves once Redis took this process's changes so far, or after a short wait when Redis is away. */
  published(): Promise<void>;
  /** Resolves once this process applied every change published before the call (or wiped its caches). */
  catchUp(): Promise<void>;
  ready: Promise<void>;
  close(): void;
}

type Publisher = Redis & { publishChange(key: string, channel: string, text: string): Promise<number> };

export function bridgeInvalidation(bus: Invalidation, redisUrl: string, log?: FastifyBaseLogger): RedisInvalidation {
  const origin = randomUUID();
  // the publisher keeps an offline queue: changes made while Redis is away go out, in order, when it is back
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: null, enableOfflineQueue: true }) as Publisher;
  publisher.defineCommand('publishChange', { numberOfKeys: 1, lua: PUBLISH_SCRIPT });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null, enableOfflineQueue: true });
  for (const client of [publisher, subscriber]) client.on('error', (error: unknown) => log?.warn({ err: error }, 'redis invalidation'));
  let live = false;
  /** the epoch of the last message applied (or of the moment every cache was wiped) */
  let applied = 0;
  const waiters = new Set<{ epoch: number; resolve: () => void }>();
  const pending = new Set<Promise<unknown>>();

  const reached = (epoch: number) => {
    if (epoch <= applied) return;
    applied = epoch;
    for (const w of waiters) {
      if (w.epoch > applied) continue;
      waiters.delete(w);
      w.resolve();
    }
  };
  const wipe = (epoch: number) => {
    bus.flushAll();
    reached(epoch);
  };

  const localPublish = bus.publish.bind(bus);
  bus.publish = (changes: readonly Change[]) => {
    localPublish(changes);
    const text = JSON.stringify({ origin, changes }, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
    const sent = publisher.publishChange(EPOCH_KEY, CHANNEL, text).catch((error: unknown) => log?.warn({ err: error }, 'redis invalidation: publish failed'));
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  subscriber.on('message', (_channel: string, text: string) => {
    const space = text.indexOf(' ');
    const epoch = Number(text.slice(0, space));
    try {
      const message = JSON.parse(text.slice(space + 1)) as { origin: string; changes: Change[] };
      if (message.origin !== origin) bus.deliver(message.changes);
      reached(epoch);
    } catch (error) {
      log?.warn({ err: error }, 'redis invalidation: unreadable message');
      wipe(Number.isFinite(epoch) ? epoch : applied);
    }
  });

  /** Redis's epoch now, or null when it does not answer in time. */
  const epochNow = async (): Promise<number | null> => {
    try {
      const value = await within(CATCH_UP_MS, publisher.get(EPOCH_KEY), 'late' as const);
      return value === 'late' ? null : Number(value ?? 0);
    } catch {
      return null;
    }
  };
  // Requests that arrive in one turn of the event loop share one GET, sent after all of them arrived.
  let batch: Promise<number | null> | null = null;
  const sharedEpoch = () => {
    batch ??= new Promise((resolve) =>
      setImmediate(() => {
        batch = null;
        resolve(epochNow());
      }),
    );
    return batch;
  };

  const lost = () => {
    if (!live) return;
    live = false;
    bus.flushAll();
    log?.warn('redis invalidation: subscription lost, serving uncached');
  };
  const resubscribed = async () => {
    // what changed while away is unknown: start from Redis's epoch with nothing kept (set, not
    // raised: a restarted Redis counts from 0 again)
    const epoch = await epochNow();
    bus.flushAll();
    if (epoch !== null) applied = epoch;
    live = true;
  };
  subscriber.on('close', lost);
  subscriber.on('end', lost);
  // ioredis re-subscribes by itself after a reconnect; 'ready' follows it
  subscriber.on('ready', () => {
    if (!live) void resubscribed();
  });
  const ready = subscriber.subscribe(CHANNEL).then(resubscribed);
  ready.catch((error: unknown) => log?.warn({ err: error }, 'redis invalidation: subscribe failed'));
  return {
    get live() {
      return live;
    },
    ready,
    async published() {
      if (pending.size === 0) return;
      await within(PUBLISH_WAIT_MS, Promise.all(pending), undefined);
    },
    async catchUp() {
      if (!live) return bus.flushAll();
      const epoch = await sharedEpoch();
      if (epoch === null) return bus.flushAll();
      if (epoch <= applied) return;
      const waiter = { epoch, resolve: () => undefined as void };
      const heard = new Promise<boolean>((resolve) => {
        waiter.resolve = () => resolve(true);
        waiters.add(waiter);
      });
      const arrived = await within(CATCH_UP_MS, heard, false);
      waiters.delete(waiter);
      if (!arrived) {
        log?.warn({ epoch, applied }, 'redis invalidation: changes did not arrive in time, caches wiped');
        wipe(epoch);
      }
    },
    close() {
      bus.publish = localPublish;
      for (const w of waiters) w.resolve();
      waiters.clear();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
