import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { audit } from '../../audit/record';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { EmptyEnvelope, Envelope, done, ok } from '../../http/envelope';
import { principalOf } from '../../auth/access';
import { acceptNewPassword } from '../../auth/password-policy';
import { hashPassword } from '../../auth/passwords';
import { refuse } from '../../http/errors';
import { invalidAllowListEntries } from '../data-interface/upstream-policy';
import { readAdminIds, writeAdminIds } from './administrators';
import { readSysConfig, SECRET_KEYS, secretsSet, serializeSysConfig, SYS_CONFIG_DEFAULTS, type SecretKey, type SysConfig, writeNewUserPasswordHash, writeSecret } from './config-store';
import { sysConfigProblem } from '../../../src/runtime/sys-config';
import type { MessageKey } from '../../../src/runtime/i18n';
import { isTileTemplate } from '../../../src/runtime/map-tiles';
import { serviceBase } from './third-party/http-call';

const AdminIds = Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 1000, description: 'ids of the system administrators (spec 6)' });

// Every key, typed by its default (text keys are strings, the rest numbers), and the administrators.
const SysConfigData = Type.Object({
  ...Object.fromEntries(Object.entries(SYS_CONFIG_DEFAULTS).map(([k, v]) => [k, typeof v === 'string' ? Type.String() : Type.Number()])),
  adminIds: AdminIds,
  // Whether each service secret is set: the secrets themselves are never sent (write-only).
  ...Object.fromEntries(SECRET_KEYS.map((k) => [`${k}Set`, Type.Boolean()])),
});

// The secret this service's address guards: a changed address without a new secret drops it.
const ADDRESS_SECRETS: [address: 'dingSynUrl' | 'qyhUrl', secrets: SecretKey[]][] = [['dingSynUrl', ['dingSynAppSecret']], ['qyhUrl', ['qyhCorpSecret', 'qyhAgentSecret']]];

// The same keys, each optional; keys the server does not know are ignored (the product's screen sends more).
const SysConfigUpdate = Type.Object(
  {
    ...Object.fromEntries(
      Object.entries(SYS_CONFIG_DEFAULTS).map(([k, v]) => [k, Type.Optional(typeof v === 'string' ? Type.String({ maxLength: 4000 }) : Type.Integer({ minimum: 0, maximum: 1_000_000 }))]),
    ),
    adminIds: Type.Optional(AdminIds),
    newUserDefaultPassword: Type.Optional(Type.String({ maxLength: 100, description: "new users' initial password, checked by the password policy and kept only as a hash; '' = none (a random one)" })),
    ...Object.fromEntries(
      SECRET_KEYS.map((k) => [k, Type.Optional(Type.String({ maxLength: 500, description: "write-only service secret: '' or absent keeps it" }))]),
    ),
    // A separate list, not null: the server's validator coerces null and '' into each other.
    clearSecrets: Type.Optional(Type.Array(Type.Union(SECRET_KEYS.map((k) => Type.Literal(k))), { maxItems: SECRET_KEYS.length, description: 'secrets to forget' })),
  },
  { additionalProperties: true },
);

/** /api/system/SysConfig: the whole system configuration, for the configuration screen. */
export const sysConfigRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, opts) => {
  app.get(
    '/SysConfig',
    {
      config: { access: { permission: 'system.config:read' } },
      schema: { tags: ['system'], summary: 'System configuration (branding, layout, sign-in and password policy)', response: { 200: Envelope(SysConfigData) } },
    },
    async () => ok({ ...(await readSysConfig(opts.db)), adminIds: await readAdminIds(opts.db), ...(await secretsSet(opts.db)) }),
  );

  app.put(
    '/SysConfig',
    {
      config: { access: { permission: 'system.config:update' } },
      schema: { tags: ['system'], summary: 'Change configuration keys (those sent; unknown keys are ignored)', body: SysConfigUpdate, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      const body = request.body as Partial<SysConfig> & { adminIds?: string[]; newUserDefaultPassword?: string } & Partial<Record<SecretKey, string>> & { clearSecrets?: SecretKey[] } & Record<string, unknown>;
      const changes = Object.fromEntries(Object.entries(body).filter(([k, v]) => k in SYS_CONFIG_DEFAULTS && v !== undefined)) as Partial<SysConfig>;
      const problem = sysConfigProblem(changes);
      if (problem) {
        const { key, field, ...params } = problem;
        const labelKey = `sysConfig.field.${field}` as MessageKey;
        const label = request.t(labelKey) === labelKey ? field : request.t(labelKey);
        throw refuse(key, { ...params, field: label }, { errors: [{ field, message: request.t(key, { ...params, field: label }) }] });
      }
      for (const address of ['dingSynUrl', 'qyhUrl'] as const) {
        const value = changes[address];
        if (value !== undefined && !serviceBase(value)) throw refuse('synThird.addressInvalid', { address: value.slice(0, 200) });
      }
      const stored = await readSysConfig(opts.db);
      // A secret goes only to the address it was entered for: a new address drops the old secret unless a new one comes with it.
      const secrets = new Map<SecretKey, string | null>();
      for (const k of body.clearSecrets ?? []) secrets.set(k, null);
      for (const k of SECRET_KEYS) if (body[k]) secrets.set(k, body[k]);
      for (const [address, keys] of ADDRESS_SECRETS) {
        const value = changes[address];
        if (value !== undefined && serviceBase(value) !== serviceBase(stored[address])) for (const k of keys) if (!secrets.has(k)) secrets.set(k, null);
      }
      if (changes.mapTileUrl !== undefined && !isTileTemplate(changes.mapTileUrl.trim())) throw refuse('codes.mapTileUrlInvalid');
      if (changes.mapTileUrl !== undefined) changes.mapTileUrl = changes.mapTileUrl.trim();
      if (changes.dataInterfaceAllowedAddresses !== undefined) {
        const [bad] = invalidAllowListEntries(changes.dataInterfaceAllowedAddresses);
        if (bad !== undefined) throw refuse('dataInterface.allowListInvalid', { entry: bad.slice(0, 200) });
      }
      // Checked and hashed before anything is written (argon2 is slow on purpose: outside transactions).
      const { newUserDefaultPassword: initial } = body;
      const initialHash = initial ? await hashPassword(acceptNewPassword({ newPassword: initial }, { ...stored, ...changes }, false)) : null;
      await opts.db.transaction().execute(async (trx) => {
        const before = { ...(await readSysConfig(trx)), adminIds: await readAdminIds(trx) };
        if (body.adminIds !== undefined) await writeAdminIds(trx, principalOf(request), body.adminIds);
        if (initial !== undefined) await writeNewUserPasswordHash(trx, initialHash);
        for (const [k, v] of secrets) await writeSecret(trx, k, v);
        for (const { key, value } of serializeSysConfig(changes)) {
          const updated = await trx.updateTable('baseSysConfig').set({ value }).where('key', '=', key).executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('baseSysConfig').values({ key, value }).execute();
        }
        // the new users' password: only that it changed, never its hash
        const after = { ...(await readSysConfig(trx)), adminIds: await readAdminIds(trx), ...(initial !== undefined ? { newUserInitialChanged: true } : {}) };
        await audit(trx, request, { entity: 'config', entityId: 'SysConfig', action: 'update', before, after, name: 'SysConfig' });
      });
      return done(request.t('sysConfig.saved'));
    },
  );

  // The product's own calls for the administrator list (spec 7.16): the same truth as adminIds.
  app.get(
    '/SysConfig/getAdminList',
    {
      config: { access: { permission: 'system.config:read' } },
      schema: {
        tags: ['system'],
        summary: 'The system administrators (spec 6)',
        response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), account: Type.String(), realName: Type.String() }))) },
      },
    },
    async () => {
      const ids = await readAdminIds(opts.db);
      const rows = ids.length ? await opts.db.selectFrom('baseUser').select(['id', 'account', 'realName']).where('id', 'in', ids).execute() : [];
      return ok(ids.map((id) => rows.find((r) => r.id === id)!).filter(Boolean));
    },
  );

  app.put(
    '/SysConfig/setAdminList',
    {
      config: { access: { permission: 'system.config:update' } },
      schema: { tags: ['system'], summary: 'Make exactly these users the administrators (only an administrator may)', body: Type.Object({ adminIds: AdminIds }), response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await opts.db.transaction().execute((trx) => writeAdminIds(trx, principalOf(request), request.body.adminIds));
      return done(request.t('sysConfig.saved'));
    },
  );
};
