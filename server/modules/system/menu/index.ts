import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db';
import { readMenuFile, type MenuFileEntry } from '../../../db/menu-file';
import type { PageDescriptors } from '../../visualdev/page-descriptors';
import { LinkTargets } from './link-targets';
import { menuRoutes } from './routes';
import { menuTransferRoutes } from './transfer-routes';

function codesOf(entries: MenuFileEntry[], out = new Set<string>()): Set<string> {
  for (const e of entries) {
    out.add(e.enCode);
    codesOf(e.children ?? [], out);
  }
  return out;
}

/** Menu management (/api/system/Menu). `pages`: the descriptor files an entry may link to. */
export const menuModule: FastifyPluginAsync<{ db: Db; pages: PageDescriptors; schemasDir: string }> = async (app, opts) => {
  const file = path.join(opts.schemasDir, 'menu.json');
  const fileCodes = fs.existsSync(file) ? codesOf(readMenuFile(file)) : new Set<string>();
  const links = new LinkTargets(opts.db, opts.pages);
  await app.register(menuRoutes, { db: opts.db, links, fileCodes });
  await app.register(menuTransferRoutes, { db: opts.db, links });
};
