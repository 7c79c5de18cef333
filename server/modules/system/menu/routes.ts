import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { audit } from '../../../audit/record';
import { principalOf } from '../../../auth/access';
import { bumpAccessVersion } from '../../../auth/access-version';
import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import type { ModuleRow } from '../../../db/schema';
import { EmptyEnvelope, Envelope, done, ok } from '../../../http/envelope';
import { refuse } from '../../../http/errors';
import { textIn } from '../../../../src/runtime/i18n/texts';
import { translate } from '../../../../src/runtime/i18n';
import { MENU_ICON_NAMES } from '../../../../src/runtime/menu/icons';
import { EntryBody, EntryNode, EntryView, IdParams, LinkOption, LinkQuery, ListQuery, SelectorNode, SelectorQuery } from './schemas';
import { buildTree, codeTaken, deleteEntry, descendantIds, entryView, filterTree, findEntry, forgetRemoved, type EntryNode as Node } from './repository';
import { linkKindOf, type LinkTargets } from './link-targets';
import { FOLDER_TYPES, kindKey, validateEntry } from './validation';

const manage = { access: { permission: 'system.menu:manage' as const } };
const tags = ['menu'];

/** /api/system/Menu: the menu tree and its entries (菜单管理, spec 2.4 and 3). */
export const menuRoutes: FastifyPluginAsyncTypebox<{ db: Db; links: LinkTargets; fileCodes: ReadonlySet<string> }> = async (app, { db, links, fileCodes }) => {
  /** The parent's row ('-1': top level, in the first enabled system); refuses a non-folder, a missing one, or a cycle. */
  async function placeUnder(parentId: string | null | undefined, selfId?: string): Promise<{ parentId: string; systemId: string }> {
    const wanted = !parentId || parentId === '0' ? '-1' : parentId;
    if (wanted === '-1') {
      const own = selfId ? await findEntry(db, selfId) : null;
      const system = own ? { id: own.systemId } : await db.selectFrom('baseSystem').select('id').where('enabledMark', '=', 1).orderBy('sortCode').orderBy('id').executeTakeFirst();
      if (!system) throw refuse('menuAdmin.parentNotFound');
      return { parentId: '-1', systemId: system.id };
    }
    const parent = await db.selectFrom('baseModule').selectAll().where('id', '=', wanted).executeTakeFirst();
    if (!parent) throw refuse('menuAdmin.parentNotFound');
    if (selfId) {
      const rows = await db.selectFrom('baseModule').select(['id', 'parentId']).execute();
      if (wanted === selfId || descendantIds(rows, selfId).includes(wanted)) throw refuse('menuAdmin.parentCycle');
    }
    if (!FOLDER_TYPES.has(Number(parent.type))) throw refuse('menuAdmin.parentNotFolder');
    return { parentId: parent.id, systemId: parent.systemId };
  }

  app.get('/Menu', {
    config: manage,
    schema: { tags, summary: 'The menu as a tree; keyword keeps matching entries with their ancestors; systemId, type and enabledMark filter', querystring: ListQuery, response: { 200: Envelope(Type.Object({ list: Type.Array(EntryNode) })) } },
  }, async (request) => {
    const { keyword, systemId, type, enabledMark } = request.query;
    let q = db.selectFrom('baseModule').selectAll();
    if (systemId) q = q.where('systemId', '=', systemId);
    const rows = await q.execute();
    let tree = buildTree(rows.map((r): Node => ({ ...entryView(r, request.locale, fileCodes), children: [] })));
    const k = keyword?.trim().toLowerCase();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const matches = (n: Node) => {
      const row = byId.get(n.id)!;
      if (type !== undefined && n.type !== type) return false;
      if (enabledMark !== undefined && n.enabledMark !== enabledMark) return false;
      if (!k) return true;
      const names = [row.fullName, ...Object.values(n.fullName_i18n ?? {}), textIn(request.locale, row.fullName, row.fullNameI18n)];
      return [...names, n.enCode, n.urlAddress ?? ''].some((s) => s.toLowerCase().includes(k));
    };
    if (k || type !== undefined || enabledMark !== undefined) tree = filterTree(tree, matches);
    return ok({ list: tree });
  });

  app.get('/Menu/Selector', {
    config: manage,
    schema: { tags, summary: 'Directories and groups to choose a parent from, under one top-level node (id -1); with id, that entry and its descendants are left out', querystring: SelectorQuery, response: { 200: Envelope(Type.Object({ list: Type.Array(SelectorNode) })) } },
  }, async (request) => {
    const { id, systemId } = request.query;
    let rows = await db.selectFrom('baseModule').selectAll().where('type', 'in', [...FOLDER_TYPES]).execute();
    if (systemId) rows = rows.filter((r) => r.systemId === systemId);
    if (id) {
      const all = await db.selectFrom('baseModule').select(['id', 'parentId']).execute();
      const out = new Set([id, ...descendantIds(all, id)]);
      rows = rows.filter((r) => !out.has(r.id));
    }
    type SNode = { id: string; parentId: string; fullName: string; enCode: string; type: number; sortCode: number; hasChildren: boolean; children: SNode[] };
    const nodes = rows.map((r): SNode => ({ id: r.id, parentId: r.parentId, fullName: textIn(request.locale, r.fullName, r.fullNameI18n), enCode: r.enCode, type: Number(r.type), sortCode: Number(r.sortCode), hasChildren: false, children: [] }));
    const tree = buildTree(nodes).filter((n) => n.parentId === '-1');
    const strip = (n: SNode): Omit<SNode, 'sortCode'> => ({ id: n.id, parentId: n.parentId, fullName: n.fullName, enCode: n.enCode, type: n.type, hasChildren: n.hasChildren, children: n.children.map(strip) as SNode[] });
    const root = { id: '-1', parentId: '0', fullName: translate(request.locale, 'menuAdmin.root'), enCode: '', type: 0, hasChildren: tree.length > 0, children: tree.map(strip) };
    return ok({ list: [root] });
  });

  app.get('/Menu/LinkTargets', {
    config: manage,
    schema: {
      tags, summary: 'What an entry may link to: with type (2 admin descriptors, 3 models, 4 dictionary pages, 5 reports, 8 portals) a flat list; without, one group per kind',
      querystring: Type.Partial(LinkQuery), response: { 200: Envelope(Type.Object({ list: Type.Array(Type.Object({ id: Type.String(), fullName: Type.String(), children: Type.Optional(Type.Array(LinkOption)) })) })) },
    },
  }, async (request) => {
    const { type } = request.query;
    if (type !== undefined) {
      const kind = linkKindOf(type);
      return ok({ list: kind ? await links.options(kind, request.locale) : [] });
    }
    const groups = [];
    for (const t of [3, 4, 5, 8, 2]) {
      const kind = linkKindOf(t)!;
      groups.push({ id: `kind:${kind}`, fullName: translate(request.locale, kindKey(kind)), children: await links.options(kind, request.locale) });
    }
    return ok({ list: groups });
  });

  app.get('/Menu/Icons', {
    config: manage,
    schema: { tags, summary: 'The icon names the shell draws (value = the icon class names an entry stores)', response: { 200: Envelope(Type.Object({ list: Type.Array(LinkOption) })) } },
  }, async () => ok({ list: MENU_ICON_NAMES.map((name) => ({ id: name, fullName: name.replace(/^icon-ym icon-ym-/, '') })) }));

  app.get('/Menu/:id', { config: manage, schema: { tags, summary: 'One entry', params: IdParams, response: { 200: Envelope(EntryView) } } }, async (request) => {
    const row = await findEntry(db, request.params.id);
    const child = await db.selectFrom('baseModule').select('id').where('parentId', '=', row.id).executeTakeFirst();
    return ok(entryView(row, request.locale, fileCodes, Boolean(child)));
  });

  app.post('/Menu', { config: manage, schema: { tags, summary: 'New entry (validated per type, spec 2.4)', body: EntryBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const input = await validateEntry(request.body, links, request.locale);
    const place = await placeUnder(request.body.parentId);
    if (await codeTaken(db, input.enCode)) throw refuse('menuAdmin.codeExists');
    const id = newId();
    const row: ModuleRow = { id, ...place, ...input, createdAt: Date.now() };
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('baseModule').values(row).execute();
      await forgetRemoved(trx, input.enCode);
      await bumpAccessVersion(trx);
      await audit(trx, request, { entity: 'menu', entityId: id, action: 'create', after: row });
    });
    return ok({ id }, request.t('dictionary.createSuccess'));
  });

  app.put('/Menu/:id', { config: manage, schema: { tags, summary: 'Update an entry; a move is refused when it would make a cycle', params: IdParams, body: EntryBody, response: { 200: EmptyEnvelope } } }, async (request) => {
    const existing = await findEntry(db, request.params.id);
    const input = await validateEntry(request.body, links, request.locale);
    const place = await placeUnder(request.body.parentId === undefined ? existing.parentId : request.body.parentId, existing.id);
    if (await codeTaken(db, input.enCode, existing.id)) throw refuse('menuAdmin.codeExists');
    const hasChildren = Boolean(await db.selectFrom('baseModule').select('id').where('parentId', '=', existing.id).executeTakeFirst());
    // an entry with children stays a folder: turning it into a page would orphan them in every menu
    if (hasChildren && !FOLDER_TYPES.has(input.type)) throw refuse('menuAdmin.hasChildren', { count: (await db.selectFrom('baseModule').select('id').where('parentId', '=', existing.id).execute()).length });
    const after = { ...existing, ...place, ...input };
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('baseModule').set({ ...place, ...input }).where('id', '=', existing.id).execute();
      // moved into another system: its subtree goes with it
      if (place.systemId !== existing.systemId) {
        const below = descendantIds(await trx.selectFrom('baseModule').select(['id', 'parentId']).execute(), existing.id);
        if (below.length) await trx.updateTable('baseModule').set({ systemId: place.systemId }).where('id', 'in', below).execute();
      }
      if (input.enCode !== existing.enCode) await forgetRemoved(trx, input.enCode);
      await bumpAccessVersion(trx);
      await audit(trx, request, { entity: 'menu', entityId: existing.id, action: 'update', before: existing, after });
    });
    return done(request.t('dictionary.updateSuccess'));
  });

  app.delete('/Menu/:id', {
    config: manage,
    schema: { tags, summary: 'Delete an entry without children, with its permission items, data-scope schemes and grants; a schemas/menu.json entry is not added again at the next start', params: IdParams, response: { 200: EmptyEnvelope } },
  }, async (request) => {
    const existing = await findEntry(db, request.params.id);
    const children = await db.selectFrom('baseModule').select('id').where('parentId', '=', existing.id).execute();
    if (children.length) throw refuse('menuAdmin.hasChildren', { count: children.length });
    await db.transaction().execute(async (trx) => {
      await deleteEntry(trx, existing, principalOf(request).user.id);
      await bumpAccessVersion(trx);
      await audit(trx, request, { entity: 'menu', entityId: existing.id, action: 'delete', before: existing });
    });
    return done(request.t('dictionary.deleteSuccess'));
  });

  app.put('/Menu/:id/Actions/State', {
    config: manage,
    schema: { tags, summary: 'Toggle enabled (1) / disabled (0): a disabled entry and everything under it leave every menu', params: IdParams, response: { 200: Envelope(Type.Object({ enabledMark: Type.Integer() })) } },
  }, async (request) => {
    const existing = await findEntry(db, request.params.id);
    const enabledMark = Number(existing.enabledMark) === 1 ? 0 : 1;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('baseModule').set({ enabledMark }).where('id', '=', existing.id).execute();
      await bumpAccessVersion(trx);
      await audit(trx, request, { entity: 'menu', entityId: existing.id, action: 'update', before: existing, after: { ...existing, enabledMark } });
    });
    return ok({ enabledMark }, request.t('dictionary.stateSuccess'));
  });
};
