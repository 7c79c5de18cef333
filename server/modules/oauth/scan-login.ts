import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../auth/access';
import { hashToken, newToken } from '../../auth/sessions';
import { EmptyEnvelope, Envelope, done, ok } from '../../http/envelope';
import { refuse } from '../../http/errors';
import { readSysConfig } from '../system/config-store';
import type { OauthOptions } from './routes';
import { ScanStatusData, ScanTicketData, ScanTicketParams } from './schemas';
import { finishSignIn } from './sign-in';
import { assertLoginMethod } from './login-config';

/** A ticket may be scanned and confirmed for two minutes; a confirmed one is collected within one more. */
export const SCAN_TICKET_TTL_MS = 2 * 60_000;
export const SCAN_COLLECT_MS = 60_000;

const tags = ['oauth'];
const caller = (request: FastifyRequest) => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

/**
 * Scan login: the sign-in page asks for a ticket and shows it as a QR code; a phone where the user
 * is signed in scans it (optional "scanned" step) and confirms; the page's next poll receives a
 * new session token for that user, once. Only the ticket's SHA-256 is stored, and no token is
 * stored at all: the session is created at the moment the poll collects it.
 */
export const scanLoginRoutes: FastifyPluginAsyncTypebox<OauthOptions> = async (app, opts) => {
  const { db } = opts;
  const deps = { db, idleSeconds: opts.idleSeconds };

  const find = (ticket: string) => db.selectFrom('baseScanTicket').selectAll().where('id', '=', hashToken(ticket)).executeTakeFirst();

  app.post(
    '/ScanLogin/Ticket',
    { config: { access: 'public', limit: { family: 'scanTicket' } }, schema: { tags, summary: 'A one-time scan-login ticket, valid two minutes', response: { 200: Envelope(ScanTicketData) } } },
    async () => {
      await assertLoginMethod(db, 'scan');
      const now = Date.now();
      const ticket = newToken();
      const expiresAt = now + SCAN_TICKET_TTL_MS;
      await db.deleteFrom('baseScanTicket').where('expiresAt', '<', now - 10 * 60_000).execute();
      await db.insertInto('baseScanTicket').values({ id: hashToken(ticket), status: 'waiting', userId: null, createdAt: now, expiresAt, confirmedAt: null, deliveredAt: null }).execute();
      return ok({ ticket, expiresAt });
    },
  );

  app.get(
    '/ScanLogin/Ticket/:ticket',
    {
      config: { access: 'public', limit: { family: 'scanPoll' } },
      schema: {
        tags,
        summary: 'Poll a ticket: waiting, scanned, confirmed (with the session token, exactly once) or expired',
        params: ScanTicketParams,
        response: { 200: Envelope(ScanStatusData) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const now = Date.now();
      const row = await find(request.params.ticket);
      if (!row || row.deliveredAt !== null) return ok({ status: 'expired' as const });
      if (row.status === 'confirmed' && row.userId && row.confirmedAt !== null && now <= row.confirmedAt + SCAN_COLLECT_MS) {
        // One poll wins the flip; a concurrent one sees the ticket spent.
        const won = await db.updateTable('baseScanTicket').set({ deliveredAt: now }).where('id', '=', row.id).where('deliveredAt', 'is', null).executeTakeFirst();
        if (Number(won.numUpdatedRows) !== 1) return ok({ status: 'expired' as const });
        const user = await db.selectFrom('baseUser').selectAll().where('id', '=', row.userId).executeTakeFirst();
        if (!user || user.enabledMark !== 1) return ok({ status: 'expired' as const });
        const signedIn = await finishSignIn(deps, user, await readSysConfig(db), caller(request));
        return ok({ status: 'confirmed' as const, token: signedIn.token, theme: signedIn.theme });
      }
      if (row.status === 'confirmed' || row.expiresAt <= now) return ok({ status: 'expired' as const });
      return ok({ status: row.status === 'scanned' ? ('scanned' as const) : ('waiting' as const) });
    },
  );

  /** Moves a live ticket to `status` for the signed-in user; a ticket scanned by someone else is not theirs. */
  async function advance(request: FastifyRequest<{ Params: { ticket: string } }>, status: 'scanned' | 'confirmed') {
    const { user } = principalOf(request);
    const now = Date.now();
    const row = await find(request.params.ticket);
    if (!row || row.expiresAt <= now || row.status === 'confirmed' || (row.userId && row.userId !== user.id)) throw refuse('profile.scanTicketInvalid');
    const moved = await db
      .updateTable('baseScanTicket')
      .set({ status, userId: user.id, confirmedAt: status === 'confirmed' ? now : null })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw refuse('profile.scanTicketInvalid');
  }

  app.post(
    '/ScanLogin/Ticket/:ticket/Scan',
    {
      config: { access: 'signedIn', limit: { family: 'scanTicket' } },
      schema: { tags, summary: 'The signed-in phone scanned the ticket (the page then shows "confirm on your phone")', params: ScanTicketParams, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await advance(request, 'scanned');
      return done(request.t('profile.scanScanned'));
    },
  );

  app.post(
    '/ScanLogin/Ticket/:ticket/Confirm',
    {
      config: { access: 'signedIn', limit: { family: 'scanTicket' } },
      schema: { tags, summary: 'The signed-in user confirms: the polling page receives a new session for the same user', params: ScanTicketParams, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await advance(request, 'confirmed');
      return done(request.t('profile.scanConfirmed'));
    },
  );
};
