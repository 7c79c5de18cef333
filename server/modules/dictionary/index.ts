import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import type { Db } from '../../db';
import { dictionaryDataRoutes } from './data-routes';
import { dictionaryTypeRoutes } from './type-routes';

export { seedDictionaryDemo } from './seed';

/** Dictionaries: categories (/api/system/DictionaryType) and entries (/api/system/DictionaryData). */
export const dictionaryModule: FastifyPluginAsync<{ db: Db }> = async (app, opts) => {
  // Only the import routes take uploads: multipart stays inside this plugin.
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(dictionaryTypeRoutes, { db: opts.db });
  await app.register(dictionaryDataRoutes, { db: opts.db });
};
