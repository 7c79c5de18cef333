import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db';
import { ReplyCode } from '../../src/runtime/codes';
import type { PermissionCode } from '../../src/runtime/permissions';
import { AppError } from '../http/errors';
import { loadPrincipal, type Principal } from './principal';
import { resolveSession } from './sessions';

/**
 * Who may call a route. Every route states one in its options (`config.access`):
 * - 'public': anyone;
 * - 'signedIn': any valid session;
 * - { permission }: a session whose user holds that permission code.
 */
export type Access = 'public' | 'signedIn' | { permission: PermissionCode };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** May be called while the session's screen is locked (unlock, logout, lock state). */
    allowWhenLocked?: boolean;
    /**
     * The route's credential is this path parameter instead of the Authorization header: a
     * browser cannot set headers on a WebSocket (the product's client opens /websocket/{token}).
     */
    tokenParam?: string;
  }
  interface FastifyRequest {
    /** Set by the access hook on every non-public route. */
    principal: Principal | null;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access | undefined;
  hasResponseSchema: boolean;
  /** The path parameter carrying the credential, for routes that take it there (the socket). */
  tokenParam?: string;
}

/** A route without an access rule refuses to boot; so does an /api route without a reply schema. */
export function routeProblems(routes: readonly DeclaredRoute[]): string[] {
  const problems: string[] = [];
  for (const r of routes) {
    if (!r.access) problems.push(`${r.method} ${r.url}: no access rule (config.access)`);
    else if (r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.hasResponseSchema && r.method !== 'HEAD') {
      problems.push(`${r.method} ${r.url}: no reply schema (schema.response)`);
    }
  }
  return problems;
}

export function bearerToken(request: FastifyRequest): string | null {
  const param = request.routeOptions.config?.tokenParam;
  if (param) {
    const value = (request.params as Record<string, unknown> | undefined)?.[param];
    return typeof value === 'string' && value ? value : null;
  }
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1]!.trim() : header.trim();
}

async function accessPlugin(app: FastifyInstance, opts: { db: Db; idleSeconds: number }) {
  const declared: DeclaredRoute[] = [];
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read lazily: plugins (docs, static) may declare access in their own onRoute hook after ours.
      declared.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
        get hasResponseSchema() {
          return Boolean(route.schema?.response);
        },
        get tokenParam() {
          return route.config?.tokenParam;
        },
      } as DeclaredRoute);
    }
  });

  app.decorate('declaredRoutes', () => declared.map((r) => ({ method: r.method, url: r.url, access: r.access, hasResponseSchema: r.hasResponseSchema, tokenParam: r.tokenParam })));

  app.addHook('onReady', async () => {
    const problems = routeProblems(declared);
    if (problems.length) throw new Error(`routes without a declaration:\n  ${problems.join('\n  ')}`);
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    if (access === 'public') return;
    // Deny by default: a route without a rule is refused here too, not only at boot. The
    // not-found handler has no rule; it answers 404 and reveals nothing.
    if (!access) {
      if (request.is404) return;
      throw new AppError(ReplyCode.forbidden, 'server.permissionDenied');
    }
    const token = bearerToken(request);
    if (!token) throw new AppError(ReplyCode.sessionExpired, 'server.notSignedIn');
    const lookup = await resolveSession(opts.db, token, opts.idleSeconds);
    if (!lookup.ok) {
      const key =
        lookup.code === ReplyCode.signedInElsewhere ? 'server.signedInElsewhere' : lookup.code === ReplyCode.sessionExpired ? 'server.sessionExpired' : 'server.tokenInvalid';
      throw new AppError(lookup.code, key);
    }
    const principal = await loadPrincipal(opts.db, lookup.session);
    if (!principal) throw new AppError(ReplyCode.tokenInvalid, 'server.tokenInvalid');
    if (principal.session.locked && !config.allowWhenLocked) throw new AppError(ReplyCode.screenLocked, 'server.screenLocked');
    if (typeof access === 'object' && !principal.permissions.has(access.permission)) {
      throw new AppError(ReplyCode.forbidden, 'server.permissionDenied');
    }
    request.principal = principal;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far with its declared access (used by the route audit test). */
    declaredRoutes(): DeclaredRoute[];
  }
}

export const accessControl = fp(accessPlugin, { name: 'access-control' });

/** The caller of a non-public route; throws if used on a public one by mistake. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`route ${request.routeOptions.url} used principalOf() but is public`);
  return request.principal;
}
