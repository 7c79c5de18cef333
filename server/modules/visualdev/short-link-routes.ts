import type { FastifyRequest } from 'fastify';
import { audited } from '../../audit/record';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../auth/access';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { WHOLE_SCOPE } from '../../auth/data-scope';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db';
import { newId } from '../../db/ids';
import type { ShortLinkRow } from '../../db/schema';
import { EmptyEnvelope, Envelope, ok } from '../../http/envelope';
import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import type { Locale } from '../../../src/runtime/i18n';
import type { CompiledModel } from '../../../src/runtime/model/compiled';
import { refNamesOf } from './record-format';
import type { ModelPermissions } from './model-permissions';
import { findModelRow, releasedModel } from './model-store';
import { createRecord, loadRecord, parseData } from './record-service';
import type { InterfaceOptions } from './option-sources';
import {
  addHit, findLinkByCode, findLinkOfModel, giveBackSubmissionSlot, isLive, isOpenForFill, newCode, recentHits, recordOfReceipt, recordSubmission,
  saveLink, SHORT_LINK_RULES, shortLinkUrl, takeSubmissionSlot,
} from './short-link-store';

/**
 * Form short links (spec platform 2.1, /formShortLink), under /api/visualdev/ShortLink.
 * Managing a model's link needs visualdev.model:manage. The Open calls are public: the
 * unguessable code is the credential, every refusal of a code (unknown, disabled, expired,
 * filling off, cap reached, model not released) is the one message 链接无效或已失效, and a
 * filled record goes through record-service's createRecord, the same composition and
 * validator as the record API.
 */

const tags = ['visualdev'];
const manage = { access: { permission: 'visualdev.model:manage' as const } };
// The per-address limit over every public short-link route comes on top of the per-link limits below.
const open = { access: 'public' as const, limit: { family: 'shortLink' as const } };
// Null first: the body validator coerces types, and would turn a null into 0 or '' for a number or text branch tried first.
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([Type.Null(), t]);

/** The header an API client may send the access password in (the page sends it in the body). */
export const PASSWORD_HEADER = 'x-link-password';

const ModelParams = Type.Object({ modelId: Type.String({ minLength: 1, maxLength: 50 }) });
const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });
const ReceiptParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }), receipt: Type.String({ minLength: 1, maxLength: 64 }) });
const Password = Type.String({ maxLength: 100 });

const Settings = Type.Object({
  modelId: Type.String(),
  /** False until the first PUT: the model has no link. */
  exists: Type.Boolean(),
  code: Nullable(Type.String()),
  url: Nullable(Type.String()),
  allowFill: Type.Boolean(),
  allowView: Type.Boolean(),
  hasPassword: Type.Boolean(),
  enabled: Type.Boolean(),
  expiresAt: Nullable(Type.Number()),
  maxSubmissions: Nullable(Type.Integer()),
  submissions: Type.Integer(),
  updatedAt: Nullable(Type.Number()),
});

const SettingsBody = Type.Object({
  allowFill: Type.Optional(Type.Boolean()),
  allowView: Type.Optional(Type.Boolean()),
  /** Absent: keep the password; '' or null: remove it; text: set it (stored as argon2id). */
  password: Type.Optional(Nullable(Password)),
  /** Epoch milliseconds; null = never. */
  expiresAt: Type.Optional(Nullable(Type.Number())),
  enabled: Type.Optional(Type.Boolean()),
  maxSubmissions: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 }))),
  /** Issue a new code: the old link stops working. */
  regenerate: Type.Optional(Type.Boolean()),
});

/** The form part of a compiled model: what the page needs to draw, validate and submit it. No list, no permission codes. */
const FormPart = Type.Object({
  fullName: Type.String(),
  form: Type.Unknown(),
  recordSchema: Type.Unknown(),
  allowView: Type.Boolean(),
});
const Refusal = Type.Object({
  code: Type.Integer(), msg: Type.String(),
  data: Type.Optional(Type.Object({
    needPassword: Type.Optional(Type.Boolean()),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  })),
});
const SubmitBody = Type.Object({
  /** Field values: an object, or its JSON text. */
  data: Type.Unknown(),
  password: Type.Optional(Password),
});
const Receipt = Type.Object({ receipt: Nullable(Type.String({ description: 'Shows the submitted record once more (GET …/Receipt/{receipt}); null when the link does not allow viewing' })) });
const Submission = Type.Object({
  fullName: Type.String(), form: Type.Unknown(), recordSchema: Type.Unknown(),
  data: Type.String({ description: 'JSON text of the record’s stored values (formatted by the page with each kind’s formatter)' }),
  refs: Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), { description: 'names of referenced records by kind and id' }),
});

/** Whoever fills a form through a link: no account, no organisation; system fields stay empty. */
function anonymousPrincipal(): Principal {
  const now = Date.now();
  return {
    session: { id: '', tokenHash: '', userId: '', createdAt: now, lastSeenAt: now, expiresAt: now, revokedAt: null, revokedCode: null, locked: 0, ip: null, userAgent: null },
    user: {
      id: '', account: '', realName: '', passwordHash: '', mobile: null, email: null, gender: null, headIcon: null, signImg: null, organizeId: null, positionId: null,
      managerId: null, isAdministrator: 0, userKind: 'anonymous', enabledMark: 1, theme: null, language: null, portalId: null, changePasswordDate: null,
      prevLoginTime: null, prevLoginIp: null, lastLoginTime: null, lastLoginIp: null, description: null, createdAt: now, updatedAt: null,
    },
    roleIds: [],
    isAdministrator: false,
    permissions: new Set(),
    grants: null,
  };
}

/** The link shows the whole form: whoever turned the link on published the form as it is. */
const WHOLE_FORM: ModelPermissions = { all: true, button: new Set(), column: new Set(), form: new Set(), scope: WHOLE_SCOPE, scopeSql: null };

const invalid = () => new AppError(ReplyCode.notFound, 'shortLink.linkInvalid');

const settingsOf = (modelId: string, link: ShortLinkRow | undefined) => ({
  modelId,
  exists: !!link,
  code: link?.code ?? null,
  url: link ? shortLinkUrl(link.code) : null,
  allowFill: link ? link.allowFill === 1 : true,
  allowView: link ? link.allowView === 1 : false,
  hasPassword: !!link?.passwordHash,
  enabled: link ? link.enabled === 1 : false,
  expiresAt: link?.expiresAt ?? null,
  maxSubmissions: link?.maxSubmissions ?? null,
  submissions: link?.submissions ?? 0,
  updatedAt: link ? (link.updatedAt ?? link.createdAt) : null,
});

const formPartOf = (model: CompiledModel) => ({ fullName: model.fullName, form: model.form, recordSchema: model.recordSchema });

export const shortLinkRoutes: FastifyPluginAsyncTypebox<{ db: Db; options: InterfaceOptions }> = async (app, { db, options }) => {
  const ipOf = (request: FastifyRequest) => request.ip || 'unknown';

  /** The link of a code when it can be filled now, and its released model; else the one refusal. */
  async function fillable(code: string, locale: Locale): Promise<{ link: ShortLinkRow; model: CompiledModel }> {
    const link = await findLinkByCode(db, code);
    if (!link || !isOpenForFill(link, Date.now())) throw invalid();
    return { link, model: await modelOrInvalid(link.modelId, locale) };
  }

  async function modelOrInvalid(modelId: string, locale: Locale): Promise<CompiledModel> {
    try {
      return await releasedModel(db, modelId, locale);
    } catch {
      throw invalid();
    }
  }

  /** Checks the access password when the link has one; wrong answers count towards a limit per IP. */
  async function checkPassword(request: FastifyRequest, link: ShortLinkRow, given: string | undefined | null): Promise<void> {
    if (!link.passwordHash) return;
    const header = request.headers[PASSWORD_HEADER];
    const answer = given ?? (typeof header === 'string' ? header : undefined);
    if (!answer) throw refuse('shortLink.passwordRequired', undefined, { needPassword: true });
    const ip = ipOf(request);
    if ((await recentHits(db, link.id, ip, 'password')) >= SHORT_LINK_RULES.passwordFailuresPerWindow) throw refuse('shortLink.tooFrequent');
    if (!(await verifyPassword(link.passwordHash, answer))) {
      await addHit(db, link.id, ip, 'password');
      throw refuse('shortLink.passwordWrong', undefined, { needPassword: true });
    }
  }

  // ---- management ------------------------------------------------------------------------

  app.get('/ShortLink/:modelId', {
    config: manage,
    schema: { tags, summary: "The model's short-link settings (exists = false before the first save)", params: ModelParams, response: { 200: Envelope(Settings) } },
  }, async (request) => {
    const model = await findModelRow(db, request.params.modelId);
    return ok(settingsOf(model.id, await findLinkOfModel(db, model.id)));
  });

  app.put('/ShortLink/:modelId', {
    config: manage,
    schema: {
      tags, summary: "Create or change the model's short link; replies its code and the page URL", params: ModelParams, body: SettingsBody,
      response: { 200: Envelope(Type.Object({ code: Type.String(), url: Type.String() })), 400: Refusal },
    },
  }, async (request) => {
    const model = await findModelRow(db, request.params.modelId);
    const body = request.body;
    const now = Date.now();
    if (body.expiresAt !== undefined && body.expiresAt !== null && body.expiresAt <= now) throw refuse('shortLink.expiresInPast');
    const userId = principalOf(request).user.id;
    const existing = await findLinkOfModel(db, model.id);
    const base: ShortLinkRow = existing ?? {
      id: newId(), modelId: model.id, code: newCode(), allowFill: 1, allowView: 0, passwordHash: null, enabled: 1, expiresAt: null,
      maxSubmissions: null, submissions: 0, createdBy: userId, createdAt: now, updatedBy: null, updatedAt: null,
    };
    const flag = (value: boolean | undefined, current: number) => (value === undefined ? current : value ? 1 : 0);
    const passwordHash = body.password === undefined ? base.passwordHash : body.password ? await hashPassword(body.password) : null;
    const next: ShortLinkRow = {
      ...base,
      code: existing && body.regenerate ? newCode() : base.code,
      allowFill: flag(body.allowFill, base.allowFill),
      allowView: flag(body.allowView, base.allowView),
      enabled: flag(body.enabled, base.enabled),
      passwordHash,
      expiresAt: body.expiresAt === undefined ? base.expiresAt : body.expiresAt,
      maxSubmissions: body.maxSubmissions === undefined ? base.maxSubmissions : body.maxSubmissions,
      updatedBy: existing ? userId : null,
      updatedAt: existing ? now : null,
    };
    // the log says whether a password is set, never the hash
    const logged = (row: ShortLinkRow | null) => row && { ...row, hasPassword: row.passwordHash !== null };
    await audited(db, request, { entity: 'shortLink', entityId: next.id, action: existing ? 'update' : 'create', before: logged(existing ?? null), after: logged(next) }, (trx) => saveLink(trx, next, !existing));
    return ok({ code: next.code, url: shortLinkUrl(next.code) }, request.t('shortLink.saved'));
  });

  // ---- public ----------------------------------------------------------------------------

  const openForm = async (request: FastifyRequest, code: string, password: string | undefined) => {
    const { link, model } = await fillable(code, request.locale);
    await checkPassword(request, link, password);
    return ok({ ...formPartOf(model), allowView: link.allowView === 1 });
  };

  app.get('/ShortLink/Open/:code', {
    config: open,
    schema: {
      tags, summary: `The form of a short link (password, when set, in the ${PASSWORD_HEADER} header)`, params: CodeParams,
      response: { 200: Envelope(FormPart), 400: Refusal, 404: EmptyEnvelope },
    },
  }, async (request) => openForm(request, request.params.code, undefined));

  app.post('/ShortLink/Open/:code/Form', {
    config: open,
    schema: {
      tags, summary: 'The form of a short link, the access password in the body (keeps it out of URLs and logs)', params: CodeParams,
      body: Type.Object({ password: Type.Optional(Password) }), response: { 200: Envelope(FormPart), 400: Refusal, 404: EmptyEnvelope },
    },
  }, async (request) => openForm(request, request.params.code, request.body.password));

  app.post('/ShortLink/Open/:code', {
    config: open,
    schema: {
      tags, summary: 'Submit the form of a short link: validated and stored like the record API; rate-limited per IP and link', params: CodeParams,
      body: SubmitBody, response: { 200: Envelope(Receipt), 400: Refusal, 404: EmptyEnvelope },
    },
  }, async (request) => {
    const { link, model } = await fillable(request.params.code, request.locale);
    await checkPassword(request, link, request.body.password);
    const ip = ipOf(request);
    if ((await recentHits(db, link.id, ip, 'submit')) >= SHORT_LINK_RULES.submitsPerWindow) throw refuse('shortLink.tooFrequent');
    await addHit(db, link.id, ip, 'submit');
    const input = parseData(request.body.data);
    if (!(await takeSubmissionSlot(db, link))) throw invalid();
    let recordId: string;
    try {
      const principal = anonymousPrincipal();
      recordId = await createRecord(db, model, WHOLE_FORM, principal, input, request.locale, options.forRequest(principal), request);
    } catch (e) {
      await giveBackSubmissionSlot(db, link.id);
      throw e;
    }
    const receipt = await recordSubmission(db, link, recordId, ip);
    return ok({ receipt: link.allowView === 1 ? receipt : null }, request.t('shortLink.submitted'));
  });

  app.get('/ShortLink/Open/:code/Receipt/:receipt', {
    config: open,
    schema: {
      tags, summary: 'The record submitted with this receipt, read-only (stored values and the names they reference); only while the link allows viewing', params: ReceiptParams,
      response: { 200: Envelope(Submission), 404: EmptyEnvelope },
    },
  }, async (request) => {
    const link = await findLinkByCode(db, request.params.code);
    if (!link || !isLive(link, Date.now()) || link.allowView !== 1) throw invalid();
    const recordId = await recordOfReceipt(db, link.id, request.params.receipt);
    if (!recordId) throw invalid();
    const model = await modelOrInvalid(link.modelId, request.locale);
    const { data } = await loadRecord(db, model, recordId);
    return ok({ ...formPartOf(model), data: JSON.stringify(data), refs: await refNamesOf(db, model, [data]) });
  });
};
