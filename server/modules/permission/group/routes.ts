import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { newId } from '../../../db/ids';
import type { GroupRow } from '../../../db/schema';
import { bumpAccessVersion } from '../../../auth/access-version';
import { AppError, refuse } from '../../../http/errors';
import { EmptyEnvelope, Envelope, PagedEnvelope, done, ok, Nullable } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import type { DbOrTrx } from '../../dictionary/repository';
import { TreeSchema } from '../../dictionary/tree';
import { audit, type AuditActor } from '../../../audit/record';
import { principalOf } from '../../../auth/access';
import { lookupScope, visibleGroupIds } from '../lookup-scope';
import {
  IdParams, NamedBodyFields, NamedViewFields, PagedQueryFields, StateData, deleteUnused, likePattern, listOrder, namedView, toggleEnabled, validateNamed, validateType, uniqueAsRefusal, type NamedInput,
} from '../entity-form';

const tags = ['group'];
const manage = { access: { permission: 'permission.group:manage' as const } };
const notFound = () => new AppError(ReplyCode.notFound, 'group.notFound');
const GROUP_ICON = 'icon-ym icon-ym-generator-group1';

const GroupView = Type.Object({ ...NamedViewFields, type: Nullable(Type.String({ description: 'free text' })) });
const GroupBody = Type.Object({ ...NamedBodyFields, type: Type.Optional(Nullable(Type.String({ maxLength: 500 }))) });
const SelectorFields = { id: Type.String(), parentId: Type.String(), fullName: Type.String(), enCode: Type.String(), type: Type.Literal('group'), icon: Type.String(), isLeaf: Type.Boolean() };

const groupView = (r: GroupRow) => ({ ...namedView(r), type: r.type });
const findGroup = (db: Db, id: string) => db.selectFrom('baseGroup').selectAll().where('id', '=', id).executeTakeFirst();

/** Creates or updates a group in one transaction: code and name unique. */
async function saveGroup(db: Db, input: NamedInput & { type?: string | null }, existing: GroupRow | undefined, actor: AuditActor): Promise<string> {
  const values = { ...validateNamed(input), type: validateType(input.type) };
  const saving = db.transaction().execute(async (trx) => {
    const id = existing?.id ?? newId();
    const clash = (column: 'enCode' | 'fullName', value: string) => trx.selectFrom('baseGroup').select('id').where(column, '=', value).where('id', '<>', id).executeTakeFirst();
    if (await clash('enCode', values.enCode)) throw refuse('group.codeExists');
    if (await clash('fullName', values.fullName)) throw refuse('group.nameExists');
    if (existing) await trx.updateTable('baseGroup').set(values).where('id', '=', id).execute();
    else await trx.insertInto('baseGroup').values({ id, ...values, createdAt: Date.now() }).execute();
    await audit(trx, actor, { entity: 'group', entityId: id, action: existing ? 'update' : 'create', before: existing, after: { ...existing, ...values } });
    await bumpAccessVersion(trx);
    return id;
  });
  return uniqueAsRefusal(saving, 'group.codeExists');
}

/** /api/permission/Group: permission groups, sets of users named as one target. */
export const groupRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/Group',
    { config: manage, schema: { tags, summary: 'Paged list; keyword matches name or code', querystring: Type.Object(PagedQueryFields), response: { 200: PagedEnvelope(GroupView) } } },
    async (request) => {
      const { keyword, currentPage, pageSize, sidx, sort } = request.query;
      let q = db.selectFrom('baseGroup');
      const like = likePattern(keyword);
      if (like) q = q.where((eb) => eb.or([eb(eb.fn('lower', ['fullName']), 'like', like), eb(eb.fn('lower', ['enCode']), 'like', like)]));
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      let rows = q.selectAll();
      for (const [column, direction] of listOrder(sidx, sort)) rows = rows.orderBy(column, direction);
      const page = await rows.orderBy('id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
      return ok({ list: page.map(groupView), pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
    },
  );

  app.get(
    '/Group/Selector',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Enabled groups for pickers, as a flat tree (parentId 0, no children); non-administrators see the groups with a member in their picker scope and those they belong to',
        response: { 200: Envelope(Type.Object({ list: Type.Array(TreeSchema(SelectorFields, 1)) })) },
      },
    },
    async (request) => {
      const visible = await visibleGroupIds(db, await lookupScope(db, request), principalOf(request).user.id);
      if (visible?.size === 0) return ok({ list: [] });
      let q = db.selectFrom('baseGroup').selectAll().where('enabledMark', '=', 1);
      if (visible) q = q.where('id', 'in', [...visible]);
      const rows = await q.orderBy('sortCode').orderBy('createdAt').orderBy('id').execute();
      return ok({ list: rows.map((r) => ({ id: r.id, parentId: '0', fullName: r.fullName, enCode: r.enCode, type: 'group' as const, icon: GROUP_ICON, isLeaf: true, hasChildren: false, children: [] })) });
    },
  );

  app.post(
    '/Group',
    { config: manage, schema: { tags, summary: 'New group', body: GroupBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } },
    async (request) => ok({ id: await saveGroup(db, request.body, undefined, request) }, request.t('dictionary.createSuccess')),
  );

  app.get(
    '/Group/:id',
    { config: manage, schema: { tags, summary: 'One group', params: IdParams, response: { 200: Envelope(GroupView) } } },
    async (request) => {
      const row = await findGroup(db, request.params.id);
      if (!row) throw notFound();
      return ok(groupView(row));
    },
  );

  app.put(
    '/Group/:id',
    { config: manage, schema: { tags, summary: 'Update a group', params: IdParams, body: GroupBody, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const existing = await findGroup(db, request.params.id);
      if (!existing) throw notFound();
      await saveGroup(db, request.body, existing, request);
      return done(request.t('dictionary.updateSuccess'));
    },
  );

  app.delete(
    '/Group/:id',
    { config: manage, schema: { tags, summary: 'Delete a group without members', params: IdParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const hasMembers = async (trx: DbOrTrx) =>
        Boolean(await trx.selectFrom('baseUserRelation').select('id').where('objectType', '=', 'Group').where('objectId', '=', request.params.id).limit(1).executeTakeFirst());
      await deleteUnused(db, 'baseGroup', request.params.id, notFound, async (trx) => ((await hasMembers(trx)) ? 'group.hasUsers' : null), request);
      return done(request.t('dictionary.deleteSuccess'));
    },
  );

  app.put(
    '/Group/:id/Actions/State',
    { config: manage, schema: { tags, summary: 'Toggle enabled (1) / disabled (0); replies the new state', params: IdParams, response: { 200: Envelope(StateData) } } },
    async (request) => ok({ enabledMark: await toggleEnabled(db, 'baseGroup', request.params.id, notFound, request) }, request.t('dictionary.stateSuccess')),
  );
};
