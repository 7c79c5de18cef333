import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { audit } from '../../../audit/record';
import { bumpAccessVersion } from '../../../auth/access-version';
import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import { menuShapeProblems, type MenuFileEntry } from '../../../db/menu-file';
import type { ModuleItemRow, ModuleRow } from '../../../db/schema';
import { Envelope, ok } from '../../../http/envelope';
import { refuse } from '../../../http/errors';
import { translationsOf } from '../../../http/translations';
import { readProperties } from '../../../../src/runtime/menu/routes';
import type { LinkTargets } from './link-targets';
import { descendantIds, findEntry, forgetRemoved } from './repository';
import { IdParams } from './schemas';
import { FOLDER_TYPES, validateEntry } from './validation';

const manage = { access: { permission: 'system.menu:manage' as const } };
const tags = ['menu'];
const MenuDocument = Type.Object({ menu: Type.Array(Type.Unknown({ description: 'entries as schemas/menu.json writes them (src/schemas/menu.schema.json)' })) });

/**
 * An entry's subtree out and in, in the shape of schemas/menu.json (so an export can also be
 * pasted into that file). Grants are not carried: roles differ between installations.
 */
export const menuTransferRoutes: FastifyPluginAsyncTypebox<{ db: Db; links: LinkTargets }> = async (app, { db, links }) => {
  app.get('/Menu/:id/Actions/Export', {
    config: manage,
    schema: { tags, summary: 'The entry and everything under it, with permission items, as a menu.json document', params: IdParams, response: { 200: Envelope(MenuDocument) } },
  }, async (request) => {
    const root = await findEntry(db, request.params.id);
    const rows = await db.selectFrom('baseModule').selectAll().execute();
    const ids = [root.id, ...descendantIds(rows, root.id)];
    const items = await db.selectFrom('baseModuleItem').selectAll().where('moduleId', 'in', ids).orderBy('sortCode').execute();
    const byParent = new Map<string, ModuleRow[]>();
    for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
    const toEntry = (r: ModuleRow): MenuFileEntry => {
      const { moduleId, isTree } = readProperties(r.propertyJson);
      const own = items.filter((i) => i.moduleId === r.id);
      const children = (byParent.get(r.id) ?? []).sort((a, b) => a.sortCode - b.sortCode).map(toEntry);
      return {
        type: Number(r.type), fullName: r.fullName, ...(r.fullNameI18n ? { fullName_i18n: translationsOf(r.fullNameI18n) ?? {} } : {}), enCode: r.enCode,
        ...(r.icon ? { icon: r.icon } : {}), ...(r.urlAddress ? { url: r.urlAddress } : {}), ...(r.linkTarget ? { linkTarget: r.linkTarget as '_self' | '_blank' } : {}),
        ...(moduleId ? { moduleId } : {}), ...(isTree ? { isTree: 1 as const } : {}), ...(r.isHidden ? { hidden: true } : {}),
        ...(own.length ? { items: own.map((i) => ({ kind: i.kind, enCode: i.enCode, fullName: i.fullName, ...(i.fullNameI18n ? { fullName_i18n: translationsOf(i.fullNameI18n) ?? {} } : {}) })) } : {}),
        ...(children.length ? { children } : {}),
      };
    };
    return ok({ menu: [toEntry(root)] });
  });

  app.post('/Menu/Actions/Import', {
    config: manage,
    schema: {
      tags, summary: 'Adds the entries of a menu.json document under a parent (-1: top level), each checked as the form is; every code must be new; all or nothing',
      body: Type.Object({ parentId: Type.Optional(Type.String({ maxLength: 50 })), menu: Type.Array(Type.Unknown()) }), response: { 200: Envelope(Type.Object({ count: Type.Integer() })) },
    },
  }, async (request) => {
    const problems = menuShapeProblems({ menu: request.body.menu });
    if (problems.length) throw refuse('menuAdmin.importInvalid', { reason: problems.slice(0, 3).join('; ') });
    const parentId = request.body.parentId && request.body.parentId !== '0' ? request.body.parentId : '-1';
    let systemId: string;
    if (parentId === '-1') {
      const system = await db.selectFrom('baseSystem').select('id').where('enabledMark', '=', 1).orderBy('sortCode').orderBy('id').executeTakeFirst();
      if (!system) throw refuse('menuAdmin.parentNotFound');
      systemId = system.id;
    } else {
      const parent = await db.selectFrom('baseModule').select(['id', 'type', 'systemId']).where('id', '=', parentId).executeTakeFirst();
      if (!parent) throw refuse('menuAdmin.parentNotFound');
      if (!FOLDER_TYPES.has(Number(parent.type))) throw refuse('menuAdmin.parentNotFolder');
      systemId = parent.systemId;
    }
    const taken = new Set((await db.selectFrom('baseModule').select('enCode').execute()).map((r) => r.enCode));
    const now = Date.now();
    const modules: ModuleRow[] = [];
    const items: ModuleItemRow[] = [];
    const walk = async (list: MenuFileEntry[], under: string, underType: number | null) => {
      for (const [index, e] of list.entries()) {
        if (underType !== null && !FOLDER_TYPES.has(underType)) throw refuse('menuAdmin.parentNotFolder');
        const input = await validateEntry(
          { type: e.type, fullName: e.fullName, fullName_i18n: e.fullName_i18n ?? null, enCode: e.enCode, icon: e.icon, urlAddress: e.url, linkTarget: e.linkTarget, moduleId: e.moduleId, isTree: e.isTree, isHidden: e.hidden ? 1 : 0, sortCode: index },
          links, request.locale,
        );
        if (taken.has(input.enCode)) throw refuse('menuAdmin.codeExists');
        taken.add(input.enCode);
        const id = newId();
        modules.push({ id, parentId: under, systemId, ...input, createdAt: now });
        (e.items ?? []).forEach((item, sortCode) => items.push({ id: newId(), moduleId: id, kind: item.kind, fullName: item.fullName, fullNameI18n: item.fullName_i18n ? JSON.stringify(item.fullName_i18n) : null, enCode: item.enCode, sortCode }));
        await walk(e.children ?? [], id, input.type);
      }
    };
    await walk(request.body.menu as MenuFileEntry[], parentId, null);
    await db.transaction().execute(async (trx) => {
      for (const m of modules) {
        await trx.insertInto('baseModule').values(m).execute();
        await forgetRemoved(trx, m.enCode);
        await audit(trx, request, { entity: 'menu', entityId: m.id, action: 'create', after: m });
      }
      if (items.length) await trx.insertInto('baseModuleItem').values(items).execute();
      await bumpAccessVersion(trx);
    });
    return ok({ count: modules.length }, request.t('dictionary.createSuccess'));
  });
};
