import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Change, Invalidation } from './invalidation';

const CHANNEL = 'scp:invalidation';
/** How long a reply waits for Redis to take its changes before going out anyway (Redis away). */
const PUBLISH_WAIT_MS = 250;

/**
 * Several processes on one database (REDIS_URL; the scale-out issue): every change this process
 * commits goes out on one Redis channel as it is (table names and key values, JSON), and every
 * change another process committed is delivered to this process's caches, so a write through
 * process A is seen by the next request on process B. Changes are published from the commit's
 * own listener, before the writer's reply is sent.
 *
 * While the subscription is down this process cannot hear changes: `live` is false and the
 * caller wipes its caches before every request (serving uncached), and once it is back every
 * cache is wiped once more (what changed meanwhile is unknown).
 */
export interface RedisInvalidation {
  /** subscribed: cached values may be trusted */
  readonly live: boolean;
  /**
   * Resolves once Redis took this process's changes so far (PUBLISH answers after handing them to
   * the subscribers), or after a short wait when Redis is away: a reply awaits it, so the caller's
   * next request, on any process, comes after the change reached that process.
   */
  published(): Promise<void>;
  ready: Promise<void>;
  close(): void;
}

export function bridgeInvalidation(bus: Invalidation, redisUrl: string, log?: FastifyBaseLogger): RedisInvalidation {
  const origin = randomUUID();
  // the publisher keeps an offline queue: changes made while Redis is away go out, in order, when it is back
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: null, enableOfflineQueue: true });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null, enableOfflineQueue: true });
  for (const client of [publisher, subscriber]) client.on('error', (error: unknown) => log?.warn({ err: error }, 'redis invalidation'));
  let live = false;
  const pending = new Set<Promise<unknown>>();

  const localPublish = bus.publish.bind(bus);
  bus.publish = (changes: readonly Change[]) => {
    localPublish(changes);
    const text = JSON.stringify({ origin, changes }, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
    const sent = publisher.publish(CHANNEL, text).catch((error: unknown) => log?.warn({ err: error }, 'redis invalidation: publish failed'));
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  subscriber.on('message', (_channel: string, text: string) => {
    try {
      const message = JSON.parse(text) as { origin: string; changes: Change[] };
      if (message.origin !== origin) bus.deliver(message.changes);
    } catch (error) {
      log?.warn({ err: error }, 'redis invalidation: unreadable message');
      bus.flushAll();
    }
  });
  const lost = () => {
    if (!live) return;
    live = false;
    bus.flushAll();
    log?.warn('redis invalidation: subscription lost, serving uncached');
  };
  subscriber.on('close', lost);
  subscriber.on('end', lost);
  // ioredis re-subscribes by itself after a reconnect; 'ready' follows it
  subscriber.on('ready', () => {
    if (live) return;
    bus.flushAll();
    live = true;
  });
  const ready = subscriber.subscribe(CHANNEL).then(() => {
    bus.flushAll();
    live = true;
  });
  ready.catch((error: unknown) => log?.warn({ err: error }, 'redis invalidation: subscribe failed'));
  return {
    get live() {
      return live;
    },
    ready,
    async published() {
      if (pending.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(pending), new Promise((resolve) => (timer = setTimeout(resolve, PUBLISH_WAIT_MS)))]);
      clearTimeout(timer);
    },
    close() {
      bus.publish = localPublish;
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
