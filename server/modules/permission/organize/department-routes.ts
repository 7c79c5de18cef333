import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { AppError } from '../../../http/errors';
import { EmptyEnvelope, Envelope, done, ok } from '../../../http/envelope';
import { ReplyCode } from '../../../../src/runtime/codes';
import { IdParams } from '../entity-form';
import { lookupScope } from '../lookup-scope';
import { organizeVisible } from '../users/visibility';
import { pickable, withoutSubtree } from './access';
import { findOrganize, listOrganizes } from './repository';
import { PickerList, manage, organizeInfo, pick, tags } from './routes';
import { saveOrganize } from './save';
import { OrganizeBody, OrganizeInfo, pickerTree } from './views';

const departmentNotFound = () => new AppError(ReplyCode.notFound, 'organize.departmentNotFound');

/** A department by id; a company's id answers as not found (Organize/{id} serves both). */
async function findDepartment(db: Db, id: string) {
  const row = await findOrganize(db, id);
  if (!row || row.category !== 'department') throw departmentNotFound();
  return row;
}

/** /api/permission/Organize/Department: departments, whose parent is a company or a department. */
export const departmentRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/Organize/Department/Selector/:id',
    {
      config: pick,
      schema: {
        tags,
        summary: "Companies and departments as one tree (companies are folders), without {id} and its subtree ('0': exclude nothing); only organisations the caller may see (administrators: all; others: their picker scope)",
        params: IdParams,
        response: { 200: PickerList },
      },
    },
    async (request) => {
      const [all, scope] = await Promise.all([listOrganizes(db), lookupScope(db, request)]);
      return ok({ list: pickerTree(all, withoutSubtree(all, request.params.id).filter((o) => organizeVisible(scope, o.id))) });
    },
  );

  app.get(
    '/Organize/Department/SelectorByAuth/:id',
    {
      config: pick,
      schema: {
        tags,
        summary: "As Department/Selector, limited to the organisations the caller may access (administrators: all; others: their own organisations and below)",
        params: IdParams,
        response: { 200: PickerList },
      },
    },
    async (request) => {
      const all = await listOrganizes(db);
      return ok({ list: pickerTree(all, await pickable(db, request, all, request.params.id)) });
    },
  );

  app.post(
    '/Organize/Department',
    { config: manage, schema: { tags, summary: 'New department (parentId: a company or a department, required)', body: OrganizeBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } } },
    async (request) => ok({ id: await saveOrganize(db, 'department', request.body, undefined, request) }, request.t('dictionary.createSuccess')),
  );

  app.get(
    '/Organize/Department/:id',
    { config: manage, schema: { tags, summary: 'One department', params: IdParams, response: { 200: Envelope(OrganizeInfo) } } },
    async (request) => {
      await findDepartment(db, request.params.id);
      return ok((await organizeInfo(db, request.params.id))!);
    },
  );

  app.put(
    '/Organize/Department/:id',
    { config: manage, schema: { tags, summary: 'Update a department', params: IdParams, body: OrganizeBody, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const existing = await findDepartment(db, request.params.id);
      await saveOrganize(db, 'department', request.body, existing, request);
      return done(request.t('dictionary.updateSuccess'));
    },
  );
};
