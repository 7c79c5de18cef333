import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { principalOf } from '../../../auth/access';
import { EmptyEnvelope, Envelope, done, ok } from '../../../http/envelope';
import { clearHistory, conversations, removeConversation } from './store';

const signedIn = { access: 'signedIn' as const };
const tags = ['chat'];
const ContactParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 50, description: "the contact's user id" }) });
const Conversation = Type.Object({
  id: Type.String({ description: "the contact's user id" }),
  realName: Type.String(),
  account: Type.String(),
  headIcon: Type.String(),
  unreadMessage: Type.Integer(),
  latestMessage: Type.String({ description: 'the latest text (empty for a file message)' }),
  messageType: Type.String(),
  latestDate: Type.Number(),
});

/** The chat drawer's conversation list and its two context actions (spec 7.11 imreply): only the caller's own. */
export const chatRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/imreply', { config: signedIn, schema: { tags, summary: 'My recent conversations, newest first', response: { 200: Envelope(Type.Object({ list: Type.Array(Conversation) })) } } }, async (request) =>
    ok({ list: await conversations(db, principalOf(request).user.id) }),
  );

  app.delete(
    '/imreply/relocation/:id',
    { config: signedIn, schema: { tags, summary: 'Removes a conversation from my list (it comes back with the next message)', params: ContactParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      await removeConversation(db, principalOf(request).user.id, request.params.id);
      return done(request.t('message.deleteSuccess'));
    },
  );

  app.delete(
    '/imreply/deleteChatRecord/:id',
    { config: signedIn, schema: { tags, summary: 'Deletes my history with a contact (theirs stays)', params: ContactParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      await clearHistory(db, principalOf(request).user.id, request.params.id);
      return done(request.t('message.deleteSuccess'));
    },
  );
};
