import path from 'node:path';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './http/rate-limits';
import { DEFAULT_LOG_RETENTION, type LogRetention } from './logs/retention';

/** Runtime configuration, read once from the environment (see README "Configuration"). */
export interface AppConfig {
  port: number;
  host: string;
  /**
   * The one root of every file the server writes (keys, uploads, avatars, branding, exports,
   * imports); with several processes, one shared volume (docs/DEPLOY.md "Files"). Written
   * through server/files/atomic-write.ts only.
   */
  dataDir: string;
  /** Unset = embedded SQLite under dataDir; postgres://… = PostgreSQL. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  /** Password given to the demo accounts when the database is seeded. */
  seedPassword: string;
  /** Seed demo data into an empty database. */
  seed: boolean;
  /** Lifetime of a session token without activity, in seconds. */
  tokenIdleSeconds: number;
  /** Where the built front end lives; served when present. */
  staticDir: string;
  /** Low-code content (schemas/models/*.json …); default ./schemas. */
  schemasDir?: string;
  /**
   * Proxies in front of the server whose X-Forwarded-For entries are believed (0 = none: the
   * caller's address is the socket's). Otherwise anyone could name their own address.
   */
  trustProxyHops?: number;
  /** Requests a minute on sign-in, SMS code, captcha, register, password reset and short links (0 = off). */
  rateLimits?: RateLimits;
  /** SQL data interfaces: a query still running after this many milliseconds is stopped (default 5000). */
  interfaceTimeLimitMs?: number;
  /** SQL data interfaces: the most rows one query returns (default 10000). */
  interfaceRowCap?: number;
  /** PostgreSQL: a least-privilege login for SQL data interfaces made by the operator (else the server creates one). */
  interfaceReaderUrl?: string;
  /** Days the login, request, audit and data-interface call logs are kept (0 = for ever). */
  logRetention?: LogRetention;
  /** Root of uploaded files (chunks, temporary merges, stored files); default <dataDir>/files/uploads; shared by all processes as dataDir. */
  uploadDir?: string;
  /** Largest file the uploaders accept, in megabytes (default 2048). */
  uploadMaxMb?: number;
  /** Key text for secrets the server keeps encrypted (mail passwords); unset: <dataDir>/secret.key, generated once. */
  secretKey?: string;
  /** Milliseconds a background mail receive may take before it is given up (spec 9: 100000). */
  mailReceiveTimeoutMs?: number;
  /** Mail servers inside the network that mail accounts may name (loopback, private addresses); others are refused. */
  mailInternalHosts?: string[];
  /** PostgreSQL: connections this process's pool opens at most (processes × this ≤ max_connections − reserve). */
  dbPoolMax?: number;
  /** Migrate, seed and sync the menu at start (false: `npm run migrate` did it; an older schema refuses to start). */
  migrateOnStart?: boolean;
  /** SIGTERM/SIGINT: milliseconds readiness answers 503 before the server stops taking connections (LB notices). */
  shutdownDrainMs?: number;
  /** SIGTERM/SIGINT: milliseconds in-flight requests get to finish before their connections are cut. */
  shutdownTimeoutMs?: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: intFrom(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    seedPassword: env.SEED_PASSWORD || 'demo1234',
    seed: env.SEED !== '0',
    tokenIdleSeconds: intFrom(env.TOKEN_IDLE_SECONDS, 8 * 3600),
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
    schemasDir: path.resolve(env.SCHEMAS_DIR ?? './schemas'),
    trustProxyHops: intFrom(env.TRUST_PROXY_HOPS, 0),
    rateLimits: {
      perAccount: intFrom(env.RATE_LIMIT_PER_ACCOUNT, DEFAULT_RATE_LIMITS.perAccount),
      perAddress: intFrom(env.RATE_LIMIT_PER_ADDRESS, DEFAULT_RATE_LIMITS.perAddress),
      shortLinkPerAddress: intFrom(env.RATE_LIMIT_SHORT_LINK, DEFAULT_RATE_LIMITS.shortLinkPerAddress),
    },
    interfaceTimeLimitMs: intFrom(env.INTERFACE_TIME_LIMIT_MS, 5000),
    interfaceRowCap: intFrom(env.INTERFACE_ROW_CAP, 10_000),
    interfaceReaderUrl: env.INTERFACE_READER_URL || undefined,
    uploadDir: env.UPLOAD_DIR ? path.resolve(env.UPLOAD_DIR) : undefined,
    uploadMaxMb: intFrom(env.UPLOAD_MAX_MB, 2048),
    secretKey: env.SECRET_KEY || undefined,
    mailReceiveTimeoutMs: intFrom(env.MAIL_RECEIVE_TIMEOUT_MS, 100_000),
    mailInternalHosts: (env.MAIL_INTERNAL_HOSTS ?? '').split(/[\s,]+/).filter(Boolean),
    dbPoolMax: intFrom(env.DB_POOL_MAX, 10) || 10,
    migrateOnStart: !['0', 'false', 'no'].includes((env.MIGRATE_ON_START ?? '').toLowerCase()),
    shutdownDrainMs: intFrom(env.SHUTDOWN_DRAIN_MS, 0),
    shutdownTimeoutMs: intFrom(env.SHUTDOWN_TIMEOUT_MS, 10_000),
    logRetention: {
      login: intFrom(env.LOG_RETENTION_LOGIN_DAYS, DEFAULT_LOG_RETENTION.login),
      request: intFrom(env.LOG_RETENTION_REQUEST_DAYS, DEFAULT_LOG_RETENTION.request),
      audit: intFrom(env.LOG_RETENTION_AUDIT_DAYS, DEFAULT_LOG_RETENTION.audit),
    },
  };
}

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a whole number, got "${value}"`);
  return n;
}
