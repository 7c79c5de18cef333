import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../auth/access';
import { EmptyEnvelope, Envelope, Nullable, done, ok } from '../../http/envelope';
import { refuse } from '../../http/errors';
import { accountForUse, accountRow, accountView, saveAccount } from './account-store';
import { testConnection } from './mail-clients';
import { mailRefusal } from './mail-errors';
import type { MailContext } from './index';

const signedIn = { access: 'signedIn' as const };
const tags = ['mail'];
const Host = Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9.:\\[\\]-]+$' });
const Port = Type.Integer({ minimum: 1, maximum: 65535 });
const AccountFields = {
  email: Type.String({ minLength: 3, maxLength: 255, pattern: '^[^\\s@<>]+@[^\\s@<>]+$' }),
  displayName: Type.String({ maxLength: 100 }),
  imapHost: Host,
  imapPort: Port,
  imapSecure: Type.Boolean(),
  smtpHost: Host,
  smtpPort: Port,
  smtpSecure: Type.Boolean(),
  username: Type.String({ minLength: 1, maxLength: 255 }),
};
const AccountBody = Type.Object({ ...AccountFields, password: Type.Optional(Type.String({ maxLength: 500, description: 'blank keeps the stored one' })) });
/** The reply never holds the password: only whether one is stored. */
const AccountReply = Type.Object({ ...AccountFields, passwordSet: Type.Boolean() });

/** The caller's own mail account (one per user). */
export const accountRoutes: FastifyPluginAsyncTypebox<MailContext> = async (app, ctx) => {
  app.get('/Account', { config: signedIn, schema: { tags, summary: 'My mail account (null when none); the password is never returned', response: { 200: Envelope(Nullable(AccountReply)) } } }, async (request) => {
    const row = await accountRow(ctx.db, principalOf(request).user.id);
    return ok(row ? accountView(row) : null);
  });

  app.put('/Account', { config: signedIn, schema: { tags, summary: 'Saves my mail account (the password encrypted with the server key)', body: AccountBody, response: { 200: EmptyEnvelope } } }, async (request) => {
    const result = await saveAccount(ctx.db, ctx.box, principalOf(request).user.id, request.body, Date.now());
    if (result === 'passwordMissing') throw refuse('mailbox.passwordRequired');
    return done(request.t('mailbox.accountSaved'));
  });

  app.post(
    '/Account/Test',
    { config: signedIn, schema: { tags, summary: 'Signs in to the IMAP and SMTP servers with these settings (a blank password: the stored one)', body: AccountBody, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const body = request.body;
      // the stored password only towards the stored servers: a caller cannot send it elsewhere
      const stored = body.password ? null : await accountForUse(ctx.db, ctx.box, principalOf(request).user.id);
      const sameServers = stored && stored.imapHost === body.imapHost && stored.imapPort === body.imapPort && stored.smtpHost === body.smtpHost && stored.smtpPort === body.smtpPort && stored.username === body.username;
      const password = body.password || (sameServers ? stored.password : '');
      if (!password) throw refuse('mailbox.passwordRequired');
      const failure = await testConnection({ ...body, password });
      if (failure) throw mailRefusal(failure);
      return done(request.t('mailbox.testPassed'));
    },
  );
};
