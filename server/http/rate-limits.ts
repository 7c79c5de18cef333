import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { ReplyCode } from '../../src/runtime/codes';
import { AppError } from './errors';

/**
 * Requests a minute that an anonymous caller may make on the routes that guess or spend
 * something (sign-in, SMS codes, captchas, registration, password reset, short links, the
 * per-account sign-in configuration, scan-login tickets).
 * 0 turns a limit off.
 */
export interface RateLimits {
  /** Per address and named account (or mobile) on one route family. */
  perAccount: number;
  /** Per address on one route family, whatever account is named. */
  perAddress: number;
  /** Per address over all public short-link routes (the DB-kept per-link limits stay). */
  shortLinkPerAddress: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { perAccount: 10, perAddress: 30, shortLinkPerAddress: 120 };

/**
 * A route family shares its counters: the password and SMS sign-ins are one family, so an
 * attacker cannot double the allowance by switching routes. `account` names who the request
 * is about, when it names anyone.
 */
export interface RateLimitRule {
  family: 'signIn' | 'smsCode' | 'captcha' | 'register' | 'forgetPassword' | 'shortLink' | 'loginConfig' | 'scanTicket' | 'scanPoll';
  account?: (request: FastifyRequest) => string | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous-caller limits of this route (server/http/rate-limits.ts). */
    limit?: RateLimitRule;
  }
  interface FastifyRequest {
    /** The counter a limit check is about to count (family, address, account). */
    rateLimitKey: string;
  }
}

const WINDOW_MS = 60_000;
/** Scan-login polls a minute from one address: this many times the per-address limit. */
export const SCAN_POLLS_PER_ADDRESS_FACTOR = 4;
/** Counters kept per limiter (least recently used dropped first). */
const CACHE_ENTRIES = 20_000;

type Check = (request: FastifyRequest, reply: FastifyReply, key: string) => Promise<void>;

async function rateLimitsPlugin(app: FastifyInstance, opts: { limits: RateLimits; redisUrl?: string }) {
  // Several processes (REDIS_URL): the counters live in Redis, so limits count across all of them.
  // Redis away: requests are let through (skipOnError) rather than refused, and logged.
  const redis = opts.redisUrl ? new Redis(opts.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  if (redis) {
    redis.on('error', (error: unknown) => app.log.warn({ err: error }, 'rate limits: redis'));
    app.addHook('onClose', async () => redis.disconnect());
  }
  // Nothing global: only routes that declare `config.limit` are counted, by the hook below.
  await app.register(rateLimit, { global: false, cache: CACHE_ENTRIES, ...(redis ? { redis, nameSpace: 'scp-rate-limit:', skipOnError: true } : {}) });
  app.decorateRequest('rateLimitKey', '');
  const limiter = (max: number): Check | undefined => {
    if (max <= 0) return undefined;
    const check = app.createRateLimit({
      max,
      timeWindow: WINDOW_MS,
      // The key is made by the caller of check (family, address, account).
      keyGenerator: (request) => request.rateLimitKey,
    });
    return async (request, reply, key) => {
      request.rateLimitKey = key;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds);
        reply.header('retry-after', String(seconds));
        throw new AppError(ReplyCode.tooManyRequests, 'server.tooManyRequests', { seconds });
      }
    };
  };
  const byFamily = new Map<string, { address?: Check; account?: Check }>();
  const checksOf = (family: RateLimitRule['family']) => {
    let checks = byFamily.get(family);
    if (!checks) {
      checks =
        family === 'shortLink'
          ? { address: limiter(opts.limits.shortLinkPerAddress) }
          : family === 'scanPoll'
            ? // The sign-in page polls its ticket every 2 s (30 a minute): room for a few pages behind one address.
              { address: limiter(opts.limits.perAddress * SCAN_POLLS_PER_ADDRESS_FACTOR) }
            : { address: limiter(opts.limits.perAddress), account: limiter(opts.limits.perAccount) };
      byFamily.set(family, checks);
    }
    return checks;
  };

  app.addHook('onRoute', (route) => {
    const rule = route.config?.limit;
    if (!rule) return;
    const checks = checksOf(rule.family);
    // request.ip is the socket's peer unless TRUST_PROXY_HOPS says otherwise (server/app.ts).
    // Per address on arrival, so malformed bodies count too; per account once the body is
    // parsed and validated, so the account it names is known.
    if (checks.address) {
      const address = checks.address;
      append(route, 'onRequest', async (request: FastifyRequest, reply: FastifyReply) => address(request, reply, `${rule.family}|${request.ip}`));
    }
    if (checks.account && rule.account) {
      const account = checks.account;
      const name = rule.account;
      append(route, 'preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
        const named = name(request)?.trim().toLowerCase();
        if (named) await account(request, reply, `${rule.family}|${request.ip}|${named.slice(0, 200)}`);
      });
    }
  });
}

function append(route: RouteOptions, hook: 'onRequest' | 'preHandler', handler: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) {
  const existing = route[hook] as unknown;
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<string, unknown>)[hook] = [...list, handler];
}

/** Registers the limits; routes opt in with `config.limit`. Register before the modules. */
export const rateLimits = fp(rateLimitsPlugin, { name: 'rate-limits' });

/** The `account` of a JSON body, as sign-in and SMS sign-in send it. */
export const bodyField = (field: string) => (request: FastifyRequest) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value : undefined;
};

/** A path parameter naming the account, as the SMS code route does. */
export const paramField = (field: string) => (request: FastifyRequest) => {
  const value = (request.params as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value : undefined;
};
