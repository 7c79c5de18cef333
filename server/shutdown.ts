import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db';
import { within } from './within';

export interface ShutdownOptions {
  /** Readiness answers 503 this long before the server stops taking connections (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** In-flight requests get this long to finish; then their connections are cut (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
}

/** WebSocket close code 1012 "Service Restart": the browser reconnects (to another process) at once, with jitter. */
export const RESTART_CLOSE_CODE = 1012;

/**
 * The graceful stop of one process among several (docs/DEPLOY.md "Graceful shutdown"):
 * 1. readiness answers 503 at once (draining), and replies ask their keep-alive connections to close;
 * 2. after drainMs (the balancer's probe noticed), sockets are told 1012 and the server stops
 *    accepting connections; requests in flight finish, bounded by timeoutMs;
 * 3. Redis and the database are closed. Answers whether everything finished in time.
 */
export async function gracefulShutdown(app: FastifyInstance, database: DatabaseHandle, options: ShutdownOptions): Promise<boolean> {
  app.lifecycle.draining = true;
  if (options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
  app.realtime.close(RESTART_CLOSE_CODE, 'server restarting');
  // app.close(): no new connections, idle keep-alive ones closed, in-flight requests finish, then onClose hooks (Redis…)
  const closed = app.close().then(() => true);
  const inTime = await within(options.timeoutMs, closed, false);
  if (!inTime) {
    app.log.warn(`requests still running after ${options.timeoutMs} ms: their connections are cut`);
    app.server.closeAllConnections();
    await closed.catch(() => undefined);
  }
  await database.close();
  return inTime;
}
