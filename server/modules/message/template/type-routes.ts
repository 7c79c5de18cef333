import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { refuse } from '../../../http/errors';
import { Envelope, ok } from '../../../http/envelope';
import { TypeItem, TypeListParams } from './schemas';
import { TYPE_LISTS, typeEntries } from './types';

/**
 * GET /api/message/MessageDataType/getTypeList/{id}: the enabled entries of one message data
 * type list (1 message types, 2 sending channels), named in the caller's language. Every
 * signed-in user may read it: the client caches it for message lists and pickers (spec 3).
 */
export const messageDataTypeRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/MessageDataType/getTypeList/:id',
    { config: { access: 'signedIn' }, schema: { tags: ['messageTemplate'], summary: 'Entries of a message data type list: 1 message types, 2 sending channels', params: TypeListParams, response: { 200: Envelope(Type.Array(TypeItem)) } } },
    async (request) => {
      const dictionary = TYPE_LISTS[request.params.id];
      if (!dictionary) throw refuse('messageTemplate.typeListUnknown', { id: request.params.id });
      const entries = await typeEntries(db, dictionary, request.locale);
      return ok(entries.filter((e) => e.enabled).map(({ id, fullName, enCode }) => ({ id, fullName, enCode })));
    },
  );
};
