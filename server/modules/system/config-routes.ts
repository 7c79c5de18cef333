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
import { readSysConfig, serializeSysConfig, SYS_CONFIG_DEFAULTS, type SysConfig, writeNewUserPasswordHash } from './config-store';

const AdminIds = Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 1000, description: 'ids of the system administrators (spec 6)' });

// Every key, typed by its default (text keys are strings, the rest numbers), and the administrators.
const SysConfigData = Type.Object({
  ...Object.fromEntries(Object.entries(SYS_CONFIG_DEFAULTS).map(([k, v]) => [k, typeof v === 'string' ? Type.String() : Type.Number()])),
  adminIds: AdminIds,
});

// The same keys, each optional; keys the server does not know are ignored (the product's screen sends more).
const SysConfigUpdate = Type.Object(
  {
    ...Object.fromEntries(
      Object.entries(SYS_CONFIG_DEFAULTS).map(([k, v]) => [k, Type.Optional(typeof v === 'string' ? Type.String({ maxLength: 4000 }) : Type.Integer({ minimum: 0, maximum: 1_000_000 }))]),
    ),
    adminIds: Type.Optional(AdminIds),
    newUserDefaultPassword: Type.Optional(Type.String({ maxLength: 100, description: "new users' initial password, checked by the password policy and kept only as a hash; '' = none (a random one)" })),
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
    async () => ok({ ...(await readSysConfig(opts.db)), adminIds: await readAdminIds(opts.db) }),
  );

  app.put(
    '/SysConfig',
    {
      config: { access: { permission: 'system.config:update' } },
      schema: { tags: ['system'], summary: 'Change configuration keys (those sent; unknown keys are ignored)', body: SysConfigUpdate, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      const body = request.body as Partial<SysConfig> & { adminIds?: string[]; newUserDefaultPassword?: string } & Record<string, unknown>;
      const changes = Object.fromEntries(Object.entries(body).filter(([k, v]) => k in SYS_CONFIG_DEFAULTS && v !== undefined)) as Partial<SysConfig>;
      if (changes.dataInterfaceAllowedAddresses !== undefined) {
        const [bad] = invalidAllowListEntries(changes.dataInterfaceAllowedAddresses);
        if (bad !== undefined) throw refuse('dataInterface.allowListInvalid', { entry: bad.slice(0, 200) });
      }
      // Checked and hashed before anything is written (argon2 is slow on purpose: outside transactions).
      const { newUserDefaultPassword: initial } = body;
      const initialHash = initial ? await hashPassword(acceptNewPassword({ newPassword: initial }, { ...(await readSysConfig(opts.db)), ...changes }, false)) : null;
      await opts.db.transaction().execute(async (trx) => {
        const before = { ...(await readSysConfig(trx)), adminIds: await readAdminIds(trx) };
        if (body.adminIds !== undefined) await writeAdminIds(trx, principalOf(request), body.adminIds);
        if (initial !== undefined) await writeNewUserPasswordHash(trx, initialHash);
        for (const { key, value } of serializeSysConfig(changes)) {
          const updated = await trx.updateTable('baseSysConfig').set({ value }).where('key', '=', key).executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('baseSysConfig').values({ key, value }).execute();
        }
        // the new users' password: only that it changed, never its hash
        const after = { ...(await readSysConfig(trx)), adminIds: await readAdminIds(trx), ...(initial !== undefined ? { newUserInitialChanged: true } : {}) };
        await audit(trx, request, { entity: 'config', entityId: 'SysConfig', action: 'update', before, after, name: 'SysConfig' });
      });
      return done(request.t('dictionary.updateSuccess'));
    },
  );
};
