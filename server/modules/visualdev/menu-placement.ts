import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { newId } from '../../db/ids';
import type { ModuleRow, VisualdevRow } from '../../db/schema';
import { refuse } from '../../http/errors';
import { audit } from '../../audit/record';
import { menuCodeOf, modelPageUrl } from './generator';

/**
 * Placing a released model's page in the menu, as the product asks for the parent menu on
 * release: one type 3 base_module entry (propertyJson { moduleId, isTree }) under a directory.
 * Written in the release's transaction; the principal and menu caches hear the committed
 * base_module write themselves (server/cache/invalidation.ts), so administrators see the entry
 * on their next request. Placing a model under a parent where it already has an entry renames
 * that entry instead of adding a second one.
 */
export interface MenuPlacement {
  parentMenuId: string;
  fullName?: string;
  icon?: string;
}

/** Menu types that hold pages: 0 directory, 1 menu group. */
const DIRECTORY_TYPES = [0, 1];

const DEFAULT_ICON = 'icon-ym icon-ym-generator-menu';

/** Directories a page may be placed under, in menu order (for the release form's picker). */
export async function menuDirectories(db: Db): Promise<Pick<ModuleRow, 'id' | 'parentId' | 'fullName' | 'fullNameI18n' | 'type'>[]> {
  return db.selectFrom('baseModule').select(['id', 'parentId', 'fullName', 'fullNameI18n', 'type']).where('type', 'in', DIRECTORY_TYPES).where('enabledMark', '=', 1).orderBy('sortCode').orderBy('id').execute();
}

async function freeMenuCode(trx: Db, wanted: string): Promise<string> {
  const taken = new Set((await trx.selectFrom('baseModule').select('enCode').where('enCode', 'like', `${wanted}%`).execute()).map((r) => r.enCode));
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n += 1) if (!taken.has(`${wanted}${n}`)) return `${wanted}${n}`;
}

/** Refuses a parent that is not an enabled menu directory (checked before a release changes anything). */
export async function checkMenuParent(db: Db, parentMenuId: string) {
  const parent = await db.selectFrom('baseModule').select(['id', 'systemId', 'type']).where('id', '=', parentMenuId).executeTakeFirst();
  if (!parent || !DIRECTORY_TYPES.includes(parent.type)) throw refuse('onlineDev.menuParentInvalid');
  return parent;
}

/** Inserts (or renames) the model's entry under the parent; returns the entry's id. */
export async function placeInMenu(trx: Db, request: FastifyRequest, row: VisualdevRow, placement: MenuPlacement): Promise<string> {
  const parent = await checkMenuParent(trx, placement.parentMenuId);
  const fullName = (placement.fullName?.trim() || row.fullName).slice(0, 50);
  const icon = placement.icon?.trim() || DEFAULT_ICON;
  const propertyJson = JSON.stringify({ moduleId: row.id, isTree: 0 });
  const siblings = await trx.selectFrom('baseModule').selectAll().where('parentId', '=', parent.id).execute();
  const mine = siblings.find((m) => m.type === 3 && m.propertyJson === propertyJson);
  if (mine) {
    const after = { ...mine, fullName, icon };
    await trx.updateTable('baseModule').set({ fullName, icon, enabledMark: 1 }).where('id', '=', mine.id).execute();
    await audit(trx, request, { entity: 'menu', entityId: mine.id, action: 'update', before: mine, after });
    return mine.id;
  }
  const enCode = await freeMenuCode(trx, menuCodeOf(row.enCode));
  const entry: ModuleRow = {
    id: newId(), parentId: parent.id, systemId: parent.systemId, type: 3, fullName,
    // the model's own translations name the page unless another title was given
    fullNameI18n: placement.fullName?.trim() ? null : row.fullNameI18n,
    enCode, icon, urlAddress: modelPageUrl(enCode), linkTarget: null, propertyJson,
    sortCode: siblings.reduce((max, m) => Math.max(max, m.sortCode + 1), 0), enabledMark: 1, isHidden: 0, description: null, createdAt: Date.now(),
  };
  await trx.insertInto('baseModule').values(entry).execute();
  await audit(trx, request, { entity: 'menu', entityId: entry.id, action: 'create', after: entry });
  return entry.id;
}
