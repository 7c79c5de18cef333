import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { SessionsEnded } from '../auth/sessions';
import type { RealtimeHub, Target } from './hub';
import type { ServerMessage } from './protocol';

const CHANNEL = 'scp:realtime';

/** What one process tells the others: the hub calls that reach sockets, as data. */
type Fanout =
  | { op: 'send'; target: Target; message: ServerMessage }
  | { op: 'endSessions'; event: SessionsEnded }
  | { op: 'closeSockets'; target: Target }
  | { op: 'refresh'; target: Target };

/**
 * The hub of one process among several (REDIS_URL): every call that reaches sockets is carried
 * out here and published on one Redis channel, and each other process carries it out on its own
 * sockets. A socket lives on one process; who it is does not matter to the sender. If Redis is
 * unreachable the process still serves its own sockets (ioredis reconnects by itself).
 */
export function withRedisFanout(local: RealtimeHub, redisUrl: string, log?: FastifyBaseLogger): RealtimeHub & { ready: Promise<void>; readonly connected: boolean } {
  const origin = randomUUID();
  const options = { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false };
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, { ...options, enableOfflineQueue: true });
  for (const client of [publisher, subscriber]) client.on('error', (error: unknown) => log?.warn({ err: error }, 'redis fan-out'));

  const publish = (fanout: Fanout) => {
    publisher.publish(CHANNEL, JSON.stringify({ origin, ...fanout })).catch((error: unknown) => log?.warn({ err: error }, 'redis fan-out: publish failed'));
  };
  const carryOut = (fanout: Fanout) => {
    if (fanout.op === 'send') local.send(fanout.target, fanout.message);
    else if (fanout.op === 'endSessions') local.endSessions(fanout.event);
    else if (fanout.op === 'closeSockets') local.closeSockets(fanout.target);
    else local.refresh(fanout.target);
  };
  subscriber.on('message', (_channel: string, text: string) => {
    try {
      const fanout = JSON.parse(text) as Fanout & { origin: string };
      if (fanout.origin !== origin) carryOut(fanout);
    } catch (error) {
      log?.warn({ err: error }, 'redis fan-out: unreadable message');
    }
  });
  const ready = subscriber.subscribe(CHANNEL).then(() => undefined);
  ready.catch((error: unknown) => log?.warn({ err: error }, 'redis fan-out: subscribe failed'));

  return {
    ...local,
    ready,
    // readiness: both connections up (a process that cannot publish or hear loses messages)
    get connected() {
      return publisher.status === 'ready' && subscriber.status === 'ready';
    },
    send(target, message) {
      publish({ op: 'send', target, message });
      return local.send(target, message);
    },
    endSessions(event) {
      publish({ op: 'endSessions', event });
      local.endSessions(event);
    },
    closeSockets(target) {
      publish({ op: 'closeSockets', target });
      local.closeSockets(target);
    },
    refresh(target) {
      publish({ op: 'refresh', target });
      local.refresh(target);
    },
    close(code, reason) {
      local.close(code, reason);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
