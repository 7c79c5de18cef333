import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../auth/access';
import { EmptyEnvelope, Envelope, Nullable, PagedQueryFields, Pagination, done, ok } from '../../http/envelope';
import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import { accountForUse, accountRow } from './account-store';
import { deleteMail, listMail, mailById, markRead } from './message-store';
import { prefill, saveDraft, sendMail } from './compose';
import { startReceive, syncState } from './receive';
import type { MailContext } from './index';

const signedIn = { access: 'signedIn' as const };
const tags = ['mail'];
const Id = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,30}$' }) });
const Folder = Type.Union([Type.Literal('inbox'), Type.Literal('sent'), Type.Literal('draft')]);
const Attachment = Type.Object({ fileId: Type.String(), name: Type.String(), size: Type.Number() });
const ListItem = Type.Object({ id: Type.String(), folder: Folder, from: Type.String(), to: Type.String(), subject: Type.String(), date: Type.Number(), read: Type.Boolean(), hasAttachments: Type.Boolean() });
const MailReply = Type.Object({
  ...ListItem.properties,
  cc: Type.String(),
  html: Type.String({ description: 'as stored (scripts and event handlers removed on receipt); the browser sanitises it again on display' }),
  messageId: Nullable(Type.String()),
  inReplyTo: Nullable(Type.String()),
  attachments: Type.Array(Attachment),
});
const ComposeFields = {
  to: Type.String({ maxLength: 2000 }),
  cc: Type.Optional(Type.String({ maxLength: 2000 })),
  subject: Type.String({ maxLength: 500 }),
  html: Type.String({ maxLength: 2_000_000 }),
  attachments: Type.Optional(Type.Array(Type.String({ pattern: '^[0-9]{1,30}$' }), { maxItems: 50 })),
  inReplyTo: Type.Optional(Type.String({ maxLength: 255 })),
};
const SyncReply = Type.Object({
  state: Type.Union([Type.Literal('idle'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  total: Type.Integer(),
  done: Type.Integer(),
  received: Type.Integer(),
  error: Nullable(Type.String({ description: 'why the latest receive failed, in the caller language' })),
  startedAt: Nullable(Type.Number()),
  finishedAt: Nullable(Type.Number()),
});

const notFound = () => new AppError(ReplyCode.notFound, 'mailbox.notFound');

/** Receiving, the folders, one mail, sending and drafts: each limited to the caller's own mail. */
export const messageRoutes: FastifyPluginAsyncTypebox<MailContext> = async (app, ctx) => {
  const { db } = ctx;

  app.post('/Receive', { config: signedIn, schema: { tags, summary: 'Starts receiving my new mail in the background (IMAP, 100,000 ms at most); progress: Receive/State', response: { 200: EmptyEnvelope } } }, async (request) => {
    const result = await startReceive({ db, store: ctx.store, box: ctx.box, log: app.log, timeoutMs: ctx.receiveTimeoutMs }, principalOf(request).user.id);
    if (result === 'noAccount') throw refuse('mailbox.noAccount');
    return done(request.t(result === 'running' ? 'mailbox.receiveRunning' : 'mailbox.receiveStarted'));
  });

  app.get('/Receive/State', { config: signedIn, schema: { tags, summary: 'Progress of my latest receive', response: { 200: Envelope(SyncReply) } } }, async (request) => {
    const s = await syncState(db, principalOf(request).user.id);
    if (!s) return ok({ state: 'idle' as const, total: 0, done: 0, received: 0, error: null, startedAt: null, finishedAt: null });
    const error = s.errorKey ? request.t(s.errorKey as Parameters<typeof request.t>[0], { detail: s.errorDetail ?? '' }) : null;
    return ok({ state: s.state, total: s.total, done: s.done, received: s.received, error, startedAt: s.startedAt, finishedAt: s.finishedAt });
  });

  app.get(
    '/Message',
    { config: signedIn, schema: { tags, summary: 'A page of one of my folders, newest first, with the inbox unread count', querystring: Type.Object({ folder: Type.Optional(Folder), ...PagedQueryFields }), response: { 200: Envelope(Type.Object({ list: Type.Array(ListItem), pagination: Pagination, unread: Type.Integer() })) } } },
    async (request) => {
      const q = request.query;
      return ok(await listMail(db, principalOf(request).user.id, q.folder ?? 'inbox', q.currentPage, q.pageSize, q.keyword));
    },
  );

  app.get('/Message/:id', { config: signedIn, schema: { tags, summary: 'One of my mails; reading it marks it read', params: Id, response: { 200: Envelope(MailReply) } } }, async (request) => {
    const userId = principalOf(request).user.id;
    const mail = await mailById(db, userId, request.params.id);
    if (!mail) throw notFound();
    if (!mail.read) await markRead(db, userId, mail.id, true);
    return ok({ ...mail, read: true });
  });

  app.put(
    '/Message/:id/Read',
    { config: signedIn, schema: { tags, summary: 'Marks my mail read or unread', params: Id, body: Type.Object({ read: Type.Boolean() }), response: { 200: EmptyEnvelope } } },
    async (request) => {
      const userId = principalOf(request).user.id;
      if (!(await mailById(db, userId, request.params.id))) throw notFound();
      await markRead(db, userId, request.params.id, request.body.read);
      return done();
    },
  );

  app.delete('/Message/:id', { config: signedIn, schema: { tags, summary: 'Deletes my mail (the copy here; the server keeps its own)', params: Id, response: { 200: EmptyEnvelope } } }, async (request) => {
    if (!(await deleteMail(db, principalOf(request).user.id, request.params.id))) throw notFound();
    return done(request.t('mailbox.deleted'));
  });

  app.get(
    '/Message/:id/Compose',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The compose form for a reply, a reply to all or a forward of my mail',
        params: Id,
        querystring: Type.Object({ mode: Type.Union([Type.Literal('reply'), Type.Literal('replyAll'), Type.Literal('forward')]) }),
        response: { 200: Envelope(Type.Object({ to: Type.String(), cc: Type.String(), subject: Type.String(), html: Type.String(), inReplyTo: Type.Optional(Type.String()), attachments: Type.Array(Attachment) })) },
      },
    },
    async (request) => {
      const userId = principalOf(request).user.id;
      const mail = await mailById(db, userId, request.params.id);
      if (!mail) throw notFound();
      const own = (await accountRow(db, userId))?.email ?? null;
      const form = prefill(mail, request.query.mode, own);
      return ok({ to: form.to, cc: form.cc ?? '', subject: form.subject, html: form.html, ...(form.inReplyTo ? { inReplyTo: form.inReplyTo } : {}), attachments: form.attachmentList });
    },
  );

  app.post(
    '/Send',
    { config: signedIn, schema: { tags, summary: 'Sends a mail through my SMTP server and keeps it in Sent', body: Type.Object({ ...ComposeFields, draftId: Type.Optional(Type.String({ pattern: '^[0-9]{1,30}$' })) }), response: { 200: Envelope(Type.Object({ id: Type.String() })) } } },
    async (request) => {
      const principal = principalOf(request);
      const account = await accountForUse(db, ctx.box, principal.user.id);
      if (!account) throw refuse('mailbox.noAccount');
      const id = await sendMail(db, ctx.store, principal, account, request.body, request.body.draftId);
      return ok({ id }, request.t('mailbox.sent'));
    },
  );

  const fromOf = async (userId: string) => {
    const row = await accountRow(db, userId);
    return row ? (row.displayName ? `${row.displayName} <${row.email}>` : row.email) : '';
  };

  app.post('/Draft', { config: signedIn, schema: { tags, summary: 'Saves a new draft', body: Type.Object(ComposeFields), response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const principal = principalOf(request);
    const id = await saveDraft(db, principal, await fromOf(principal.user.id), request.body, null);
    return ok({ id: id! }, request.t('mailbox.draftSaved'));
  });

  app.put('/Draft/:id', { config: signedIn, schema: { tags, summary: 'Replaces my draft', params: Id, body: Type.Object(ComposeFields), response: { 200: Envelope(Type.Object({ id: Type.String() })) } } }, async (request) => {
    const principal = principalOf(request);
    const id = await saveDraft(db, principal, await fromOf(principal.user.id), request.body, request.params.id);
    if (!id) throw notFound();
    return ok({ id }, request.t('mailbox.draftSaved'));
  });

  app.delete('/Draft/:id', { config: signedIn, schema: { tags, summary: 'Deletes my draft', params: Id, response: { 200: EmptyEnvelope } } }, async (request) => {
    const userId = principalOf(request).user.id;
    const mail = await mailById(db, userId, request.params.id);
    if (!mail || mail.folder !== 'draft' || !(await deleteMail(db, userId, mail.id))) throw notFound();
    return done(request.t('mailbox.deleted'));
  });
};
