import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Invalidation } from '../../server/cache/invalidation';
import { bridgeInvalidation, CHANNEL, EPOCH_KEY, type RedisInvalidation } from '../../server/cache/redis-invalidation';
import { startRedis, type RedisServer } from '../helpers/redis';

/**
 * The Redis bridge's promise: a change published before a request arrived is applied before the
 * request reads anything kept — also when its message is still on the way (a busy process reads
 * its subscription late), and by wiping everything when it never comes or Redis does not answer.
 */
let redis: RedisServer;
let raw: Redis;
const bridges: RedisInvalidation[] = [];

beforeAll(async () => {
  redis = await startRedis();
  raw = new Redis(redis.url);
});
afterEach(() => {
  bridges.splice(0).forEach((b) => b.close());
});
afterAll(async () => {
  raw.disconnect();
  await redis.stop();
});

/** A bus with its bridge, recording what reached it in order. */
async function process() {
  const bus = new Invalidation();
  const heard: string[] = [];
  bus.subscribe(['t'], (change) => heard.push(`change ${String(change.keys?.id?.[0] ?? '*')}`));
  bus.onFlushAll(() => heard.push('wiped'));
  const bridge = bridgeInvalidation(bus, redis.url);
  bridges.push(bridge);
  await bridge.ready;
  heard.length = 0;
  return { bus, bridge, heard };
}

describe('redis invalidation: the next request sees every change published before it', () => {
  it("a change published by A is applied on B when B's next request has caught up", async () => {
    const a = await process();
    const b = await process();
    for (let i = 0; i < 50; i++) {
      a.bus.publish([{ table: 't', keys: { id: [i] } }]);
      await a.bridge.published();
      await b.bridge.catchUp();
      expect(b.heard.at(-1)).toBe(`change ${i}`);
    }
    expect(b.heard).not.toContain('wiped');
  });

  it('a message still on its way is waited for, not missed', async () => {
    const b = await process();
    const epoch = await raw.incr(EPOCH_KEY);
    const late = setTimeout(() => void raw.publish(CHANNEL, `${epoch} ${JSON.stringify({ origin: 'elsewhere', changes: [{ table: 't', keys: { id: ['late'] } }] })}`), 60);
    await b.bridge.catchUp();
    clearTimeout(late);
    expect(b.heard).toEqual(['change late']);
  });

  it('a message that never comes wipes every cache instead of serving a stale one', async () => {
    const b = await process();
    await raw.incr(EPOCH_KEY);
    await b.bridge.catchUp();
    expect(b.heard).toEqual(['wiped']);
    // caught up now: the next request trusts its caches again
    await b.bridge.catchUp();
    expect(b.heard).toEqual(['wiped']);
  });

  it('requests arriving together share one read of the epoch and all wait for the change', async () => {
    const b = await process();
    const epoch = await raw.incr(EPOCH_KEY);
    const waiting = Array.from({ length: 20 }, () => b.bridge.catchUp().then(() => b.heard.length));
    setTimeout(() => void raw.publish(CHANNEL, `${epoch} ${JSON.stringify({ origin: 'elsewhere', changes: [{ table: 't', keys: { id: ['x'] } }] })}`), 30);
    // every request resolved only after the change was applied
    expect(await Promise.all(waiting)).toEqual(Array(20).fill(1));
  });
});
