import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db';
import { accessControl } from './auth/access';
import { BODY_LIMIT_BYTES, failureHandling } from './http/failures';
import { lazyCompilers } from './http/lazy-compilers';
import { localeSupport } from './http/locale';
import { DEFAULT_RATE_LIMITS, rateLimits } from './http/rate-limits';
import { docsHeaders, securityHeaders } from './http/security-headers';
import { nulGuard } from './http/nul-guard';
import { registerModules } from './modules';
import { requestLogging } from './logs/request-log';
import { DEFAULT_LOG_RETENTION, logRetention } from './logs/retention';
import { ReplyCode } from '../src/runtime/codes';
import { translate } from '../src/runtime/i18n';

export interface BuildOptions {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/** A request address as the log may keep it: socket tokens and download tickets in the path become their names, the query is dropped. */
export const withoutCredentials = (url: string) => url.split('?', 1)[0]!.replace(/\/(websocket|Download)\/[^/]+/g, '/$1/:token');

/** Builds the whole server: infrastructure plugins, then the modules, then the front end. */
export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: withoutCredentials(req.url) }) } },
    // One line per request only when asked for (LOG_LEVEL=debug or trace): at info the log keeps
    // what an operator reads — start-up, SMS codes of the default sender, warnings and errors.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    // X-Forwarded-For is read only through the configured proxies (hop 0 is the socket's peer).
    trustProxy: (_address: string, hop: number) => hop < (config.trustProxyHops ?? 0),
    bodyLimit: BODY_LIMIT_BYTES,
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: false, allErrors: false } },
    schemaController: { compilersFactory: lazyCompilers() },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // An HTTP answer to a WebSocket upgrade (a refused token, an unknown address) ends the
  // connection: there is no keep-alive to return to, and a refused socket must not stay open.
  // (A socket that is upgraded hijacks its reply; this hook does not run for it.)
  app.addHook('onResponse', async (request) => {
    if (request.headers.upgrade) request.raw.socket?.destroy();
  });
  await app.register(securityHeaders);
  await app.register(localeSupport);
  await app.register(failureHandling);
  await app.register(nulGuard);
  await app.register(accessControl, { db: database.db, idleSeconds: config.tokenIdleSeconds });
  await app.register(requestLogging, { db: database.db });
  await app.register(logRetention, { db: database.db, retention: config.logRetention ?? DEFAULT_LOG_RETENTION });
  await app.register(formbody);
  await app.register(rateLimits, { limits: config.rateLimits ?? DEFAULT_RATE_LIMITS, redisUrl: config.redisUrl });
  // Registered at the root so it sees every route; the UI lives in its own plugin below.
  await app.register(swagger, {
    openapi: {
      info: { title: '供应链服务平台 API', version: '0.1.0', description: 'Every reply is a `{ code, msg, data }` envelope.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(apiDocs);

  await registerModules(app, { config, db: database.db, dialect: database.dialect });

  await app.register(frontEnd, { staticDir: config.staticDir });
  return app;
}

/** OpenAPI description of every route: the page at /api/docs, the JSON at /api/docs/json. */
async function apiDocs(app: FastifyInstance) {
  // The documentation routes are public: declared here, for the routes this plugin adds.
  app.addHook('onRoute', (route) => {
    // the security headers read a route's own policy from its config at request time
    route.config = { ...route.config, access: 'public', ...docsHeaders } as typeof route.config;
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** Serves the built single-page app; unknown non-API paths get index.html. */
async function frontEnd(app: FastifyInstance, opts: { staticDir: string }) {
  const index = path.join(opts.staticDir, 'index.html');
  const built = fs.existsSync(index);
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
  if (built) {
    await app.register(fastifyStatic, { root: opts.staticDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // A WebSocket upgrade to an unknown address (only /websocket/{token} upgrades) gets a 404, never the page.
    if (url.startsWith('/api/') || url === '/api' || !built || request.method !== 'GET' || request.headers.upgrade) {
      return reply.status(404).send({ code: ReplyCode.notFound, msg: translate(request.locale, 'server.notFound') });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(fs.createReadStream(index));
  });
}
