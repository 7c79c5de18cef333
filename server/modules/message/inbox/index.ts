import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db';
import type { RealtimeHub } from '../../../realtime/hub';
import { inboxRoutes } from './inbox-routes';
import { noticeRoutes } from './notice-routes';
import { unreadCounts } from './deliver';

export { sendMessage, type Outgoing } from './deliver';
export { sendTranslated, type TranslatedOutgoing } from './translated';
export { MESSAGE_TYPE } from './schemas';

/**
 * In-site messages (/api/message, spec 7.11): my messages with their read state, and the
 * announcements administrators write and release. The socket's initMessage counts come from here.
 */
export const messageInboxModule: FastifyPluginAsync<{ db: Db; hub: RealtimeHub }> = async (app, { db, hub }) => {
  hub.addUnreadSource(async (userId) => {
    const c = await unreadCounts(db, userId);
    return { messages: c.flow, notices: c.notice, system: c.system };
  });
  await app.register(inboxRoutes, { db });
  await app.register(noticeRoutes, { db, hub });
};
