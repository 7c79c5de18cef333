import type { FastifyPluginAsync } from 'fastify';
import websocket from '@fastify/websocket';
import { Type } from 'typebox';
import { principalOf } from '../auth/access';
import { hashToken } from '../auth/sessions';
import { isLocale } from '../../src/runtime/i18n';
import { EmptyEnvelope } from '../http/envelope';
import type { RealtimeHub, SocketLike } from './hub';

/**
 * GET /api/message/websocket/{token} (and /websocket/{token}): the real-time socket (spec 7.12) at
 * the address the product's client opens. The token in the path is the credential, checked by the one access hook like every
 * route's: an unknown, expired or ended session is refused with its 600/601/602 envelope and an
 * HTTP 401 before any upgrade, so no socket ever opens for it. A locked screen keeps its socket
 * (a 'logout' must still reach it).
 */
export const realtimeRoutes: FastifyPluginAsync<{ hub: RealtimeHub }> = async (app, { hub }) => {
  // Registered in this plugin's scope: only this route upgrades; elsewhere an upgrade request gets a plain HTTP answer.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // the product's own client opens /api/message/websocket/{token}; /websocket/{token} is the short form
  for (const url of ['/websocket/:token', '/api/message/websocket/:token'])
    app.get(
      url,
      {
        websocket: true,
        config: { access: 'signedIn', allowWhenLocked: true, tokenParam: 'token' },
        // no JSON reply on success (the connection upgrades); a refusal is the 60x envelope with HTTP 401
        schema: { params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }), response: { 401: EmptyEnvelope } },
      },
      (socket, request) => {
        const { session, user } = principalOf(request);
        const { token } = request.params as { token: string };
        hub.attach(socket as SocketLike, {
          sessionId: session.id,
          userId: user.id,
          tokenHash: hashToken(token),
          locale: isLocale(user.language) ? user.language : request.locale,
        });
      },
    );
};
