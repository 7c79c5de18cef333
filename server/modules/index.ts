import path from 'node:path';
import { bridgeInvalidation } from '../cache/redis-invalidation';
import { invalidationOf } from '../cache/invalidation';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { currentUserModule } from './current-user';
import { usersModule } from './permission/users';
import { fileRoutes } from './file/routes';
import { uploadModule } from './file/uploads';
import { mailModule } from './mail';
import { healthRoutes } from './health/routes';
import { dictionaryModule } from './dictionary';
import { dataInterfaceModule, openDataInterfaces } from './data-interface';
import { organizeModule } from './permission/organize';
import { positionRoutes } from './permission/position/routes';
import { groupRoutes } from './permission/group/routes';
import { oauthRoutes } from './oauth/routes';
import { createSmsOutlet, logSmsSender } from './oauth/sms';
import { sysConfigRoutes } from './system/config-routes';
import { synThirdRoutes } from './system/third-party/routes';
import { areaRoutes } from './system/area';
import { billRuleModule } from './system/bill-rule';
import { printDevModule } from './system/print-dev';
import { onlineUserRoutes } from './system/online-user/routes';
import { debtRoutes, fundsAccountRoutes, fundsExportRoutes, fundsRoutes } from './business/funds';
import { flowEngineImportRoutes, flowEngineRoutes, flowRoutes } from './flow';
import { flowEntrustRoutes } from './flow/entrust-routes';
import { flowLaunchRoutes } from './flow/launch-routes';
import { goodsModule } from './business/goods';
import { invoiceRoutes, orderRoutes, orderTraceRoutes } from './business/orders';
import { certificationReviewRoutes, certificationRoutes } from './business/certification';
import { outboundRoutes, pickupRoutes } from './business/pickup';
import { logRoutes } from './system/logs/routes';
import { messageTemplateModule } from './message/template';
import { messageInboxModule } from './message/inbox';
import { chatModule } from './message/chat';
import { roleRoutes } from './permission/role';
import { visualdevModule } from './visualdev/routes';
import { PageDescriptors } from './visualdev/page-descriptors';
import { menuModule } from './system/menu';
import { authorityRoutes } from './permission/authority/routes';
import { onSessionsEnded } from '../auth/sessions';
import { withRedisFanout } from '../realtime/redis-hub';
import { createLocalHub, type RealtimeHub } from '../realtime/hub';
import { realtimeRoutes } from '../realtime/socket-routes';
import { createLifecycle } from '../lifecycle';

/**
 * The one explicit list of capability modules, each an encapsulated Fastify plugin
 * mounted under /api/<prefix>. Adding a module = one line here.
 */
export async function registerModules(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  // Decorated at the root so a test or an embedding program can swap the SMS gateway (app.sms.use).
  app.decorate('sms', createSmsOutlet(logSmsSender(app.log)));
  // The real-time hub, decorated at the root for the modules that push (messages, later);
  // sessions ended anywhere in this process reach their sockets at once.
  const local = createLocalHub(ctx.db, { log: app.log });
  // readiness: draining (set by server/main.ts on SIGTERM) and Redis connections (below)
  const lifecycle = createLifecycle();
  app.decorate('lifecycle', lifecycle);
  // draining: each reply closes its keep-alive connection, so the proxy's next request opens a new one (to a live process)
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });
  // REDIS_URL: what reaches sockets is carried out on every process (server/realtime/redis-hub.ts)
  const fanout = ctx.config.redisUrl ? withRedisFanout(local, ctx.config.redisUrl, app.log) : null;
  await fanout?.ready.catch(() => undefined);
  const hub: RealtimeHub = fanout ?? local;
  if (fanout) lifecycle.dependencies.set('redis.fanout', () => fanout.connected);
  // REDIS_URL: committed changes reach every process's caches (server/cache/redis-invalidation.ts)
  const PROBES = new Set(['/api/system/health', '/api/system/ready']);
  const bus = invalidationOf(ctx.db);
  const shared = ctx.config.redisUrl && bus ? bridgeInvalidation(bus, ctx.config.redisUrl, app.log) : null;
  if (shared && bus) {
    await shared.ready.catch(() => undefined);
    lifecycle.dependencies.set('redis.invalidation', () => shared.live);
    // before a request reads anything kept: every change published anywhere before it arrived is
    // applied here (or, not hearing other processes, nothing kept is trusted)
    app.addHook('onRequest', async (request) => {
      // (the probes read nothing kept, and must answer while Redis is slow)
      if (request.url.startsWith('/api/') && !PROBES.has(request.routeOptions.url ?? '')) await shared.catchUp();
    });
    // a reply goes out once the changes it made are counted in Redis's epoch
    app.addHook('onSend', async () => shared.published());
    app.addHook('onClose', async () => shared.close());
  }
  app.decorate('realtime', hub);
  const stopListening = onSessionsEnded(ctx.db, (event) => hub.endSessions(event));
  app.addHook('onClose', async () => {
    stopListening();
    hub.close();
  });

  await app.register(healthRoutes, { prefix: '/api/system', dialect: ctx.dialect, db: ctx.db, lifecycle });
  await app.register(sysConfigRoutes, { prefix: '/api/system', db: ctx.db });
  await app.register(synThirdRoutes, { prefix: '/api/system', db: ctx.db });
  await app.register(oauthRoutes, { prefix: '/api/oauth', db: ctx.db, idleSeconds: ctx.config.tokenIdleSeconds });
  await app.register(fileRoutes, { prefix: '/api/file', db: ctx.db, dataDir: ctx.config.dataDir });
  await app.register(uploadModule, { prefix: '/api/file', db: ctx.db, dataDir: ctx.config.dataDir, uploadDir: ctx.config.uploadDir, uploadMaxMb: ctx.config.uploadMaxMb });
  await app.register(mailModule, { prefix: '/api/mail', db: ctx.db, dataDir: ctx.config.dataDir, uploadDir: ctx.config.uploadDir, secretKey: ctx.config.secretKey, receiveTimeoutMs: ctx.config.mailReceiveTimeoutMs, internalHosts: ctx.config.mailInternalHosts });
  await app.register(currentUserModule, { prefix: '/api/permission/Users', db: ctx.db, dataDir: ctx.config.dataDir });
  await app.register(organizeModule, { prefix: '/api/permission', db: ctx.db });
  await app.register(positionRoutes, { prefix: '/api/permission', db: ctx.db });
  await app.register(groupRoutes, { prefix: '/api/permission', db: ctx.db });
  await app.register(usersModule, { prefix: '/api/permission/Users', db: ctx.db, dataDir: ctx.config.dataDir });
  // Opened before the modules: visualdev checks interface-fed values and says which pages run which interface.
  const interfaces = await openDataInterfaces(app, ctx);
  // The dictionary, report, portal and admin page files: visualdev serves them, menu management links entries to them.
  const schemasDir = ctx.config.schemasDir ?? path.resolve('./schemas');
  const pages = new PageDescriptors(schemasDir, app.log);
  pages.loadAll();
  await app.register(visualdevModule, { prefix: '/api/visualdev', ...ctx, interfaces, pages });
  await app.register(authorityRoutes, { prefix: '/api/permission/Authority', db: ctx.db });
  await app.register(dictionaryModule, { prefix: '/api/system', db: ctx.db });
  await app.register(areaRoutes, { prefix: '/api/system', db: ctx.db });
  await app.register(roleRoutes, { prefix: '/api/permission', db: ctx.db });
  await app.register(dataInterfaceModule, { prefix: '/api/system', db: ctx.db, access: interfaces });
  await app.register(billRuleModule, { prefix: '/api/system', db: ctx.db });
  await app.register(printDevModule, { prefix: '/api/system', db: ctx.db });
  await app.register(onlineUserRoutes, { prefix: '/api/system', db: ctx.db });
  await app.register(fundsRoutes, { prefix: '/api/business', db: ctx.db });
  await app.register(debtRoutes, { prefix: '/api/business', db: ctx.db });
  await app.register(fundsAccountRoutes, { prefix: '/api/business', db: ctx.db });
  await app.register(fundsExportRoutes, { prefix: '/api/business', db: ctx.db });
  await app.register(goodsModule, { prefix: '/api/business', db: ctx.db, hub });
  await app.register(orderRoutes, { prefix: '/api/business', db: ctx.db });
  await app.register(certificationRoutes, { prefix: '/api/business', db: ctx.db });
  await app.register(certificationReviewRoutes, { prefix: '/api/business', db: ctx.db });
  await app.register(orderTraceRoutes, { prefix: '/api/business', db: ctx.db });
  await app.register(invoiceRoutes, { prefix: '/api/business', db: ctx.db });
  await app.register(pickupRoutes, { prefix: '/api/business', db: ctx.db });
  await app.register(outboundRoutes, { prefix: '/api/business', db: ctx.db });
  await app.register(logRoutes, { prefix: '/api/system', db: ctx.db });
  await app.register(menuModule, { prefix: '/api/system', db: ctx.db, pages, schemasDir });
  await app.register(messageTemplateModule, { prefix: '/api/message', db: ctx.db });
  await app.register(messageInboxModule, { prefix: '/api/message', db: ctx.db, hub });
  await app.register(chatModule, { prefix: '/api/message', db: ctx.db, hub });
  await app.register(flowRoutes, { prefix: '/api/workflow', db: ctx.db, hub });
  await app.register(flowEngineRoutes, { prefix: '/api/workflow', db: ctx.db });
  await app.register(flowEngineImportRoutes, { prefix: '/api/workflow', db: ctx.db });
  await app.register(flowLaunchRoutes, { prefix: '/api/workflow', db: ctx.db });
  await app.register(flowEntrustRoutes, { prefix: '/api/workflow', db: ctx.db, hub });
  await app.register(realtimeRoutes, { hub });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The real-time hub behind /websocket/{token} (server/realtime/hub.ts). */
    realtime: RealtimeHub;
  }
}
