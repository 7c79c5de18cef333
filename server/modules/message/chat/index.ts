import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db';
import type { RealtimeHub } from '../../../realtime/hub';
import { chatRoutes } from './routes';
import { registerChatCommands } from './socket-commands';

/** Real-time chat (spec 7.11 imreply, 7.12): the socket's commands and the conversation list. */
export const chatModule: FastifyPluginAsync<{ db: Db; hub: RealtimeHub }> = async (app, { db, hub }) => {
  registerChatCommands(db, hub);
  await app.register(chatRoutes, { db });
};
