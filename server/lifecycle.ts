/**
 * What readiness (GET /api/system/ready) is made of, beyond the database: whether this process
 * is draining (a SIGTERM arrived: the load balancer must stop sending it requests) and the state
 * of the connections it cannot serve correctly without (Redis when REDIS_URL is set).
 */
export interface Lifecycle {
  draining: boolean;
  /** Name → connected now. A false one makes the process not ready. */
  readonly dependencies: Map<string, () => boolean>;
}

export function createLifecycle(): Lifecycle {
  return { draining: false, dependencies: new Map() };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Draining flag and dependency state behind readiness (server/lifecycle.ts). */
    lifecycle: Lifecycle;
  }
}
