import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ModuleContext } from '../../context';
import type { InterfaceRunAccess } from '../data-interface';
import { InterfaceUsers } from './interface-users';
import { InterfaceOptions } from './option-sources';
import { baseRoutes } from './base-routes';
import { generaterRoutes } from './generater-routes';
import { syncDescriptors, watchDescriptors } from './descriptor-sync';
import { withStartupLock } from '../../db/startup';
import { EventHub } from './events';
import { onlineRoutes } from './online-routes';
import { exportRoutes } from './export-routes';
import { importRoutes } from './import-routes';
import { relationRoutes } from './relation-routes';
import { shortLinkRoutes } from './short-link-routes';
import { type PageDescriptors, pageDescriptorRoutes } from './page-descriptors';

/**
 * Visual development (spec 7.15), mounted at /api/visualdev: model definitions (Base), the
 * record API of generated pages (OnlineDev), descriptor files under schemas/models loaded at
 * start (and watched in development), the compiled dictionary/report/portal pages of
 * schemas/{dictionaries,reports,portals}, and a server-sent-events stream for live reload.
 */
export const visualdevModule: FastifyPluginAsyncTypebox<ModuleContext & { interfaces: InterfaceRunAccess; pages: PageDescriptors }> = async (app, ctx) => {
  const schemasDir = ctx.config.schemasDir ?? path.resolve('./schemas');
  // under the startup lock: processes starting together would each insert a new descriptor's row
  await withStartupLock({ dialect: ctx.dialect, databaseUrl: ctx.config.databaseUrl, dataDir: ctx.config.dataDir }, () => syncDescriptors(ctx.db, schemasDir, app.log));
  // loaded by registerModules: menu management checks the pages an entry links to
  const { pages } = ctx;
  ctx.interfaces.usePageGrants(new InterfaceUsers(ctx.db, pages));
  const options = new InterfaceOptions(ctx.interfaces);

  const hub = new EventHub();
  const watch = process.env.NODE_ENV !== 'production' && process.env.SCHEMA_WATCH === '1';
  const stopWatching = watch
    ? watchDescriptors(ctx.db, schemasDir, app.log, (outcome) => hub.send('model', { id: outcome.id, file: outcome.file, status: outcome.status, problems: outcome.problems }))
    : () => {};
  const stopWatchingPages = watch
    ? pages.watch((outcome) => hub.send('page', { kind: outcome.kind, id: outcome.id, file: outcome.file, status: outcome.status, problems: outcome.problems }))
    : () => {};
  app.addHook('onClose', async () => {
    stopWatching();
    stopWatchingPages();
    hub.close();
  });

  app.get('/Events', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['visualdev'],
      summary: 'Server-sent events (development): "model" when a model file changed, "page" when a dictionary, report or portal file changed. Read with fetch (Authorization header), not EventSource.',
      response: { 200: Type.String({ description: 'text/event-stream' }) },
    },
  }, async (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    // A HEAD has no body to stream: Node holds its headers until the reply ends, so without this
    // end it never answered and held a connection and a place in the hub.
    if (request.method === 'HEAD') return void res.end();
    res.write(`: connected${watch ? ' (watching)' : ''}\n\n`);
    hub.add(res);
    request.raw.on('close', () => res.end());
  });

  await app.register(baseRoutes, { db: ctx.db });
  await app.register(generaterRoutes, { db: ctx.db });
  await app.register(pageDescriptorRoutes, { db: ctx.db, pages });
  const exportDir = path.join(ctx.config.dataDir, 'exports');
  await app.register(onlineRoutes, { db: ctx.db, dialect: ctx.dialect, exportDir, options });
  await app.register(exportRoutes, { db: ctx.db, dialect: ctx.dialect, exportDir });
  await app.register(importRoutes, { db: ctx.db, exportDir, importDir: path.join(ctx.config.dataDir, 'imports'), options });
  await app.register(relationRoutes, { db: ctx.db, dialect: ctx.dialect });
  await app.register(shortLinkRoutes, { db: ctx.db, options });
};
