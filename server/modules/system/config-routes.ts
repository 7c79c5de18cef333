import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { EmptyEnvelope, Envelope, done, ok } from '../../http/envelope';
import { refuse } from '../../http/errors';
import { invalidAllowListEntries } from '../data-interface/upstream-policy';
import { readSysConfig, serializeSysConfig, SYS_CONFIG_DEFAULTS, type SysConfig, WRITE_ONLY_CONFIG_KEYS } from './config-store';

// Every key but the write-only ones, typed by its default: text keys are strings, the rest numbers.
const writeOnly = new Set<string>(WRITE_ONLY_CONFIG_KEYS);
const SysConfigData = Type.Object(
  Object.fromEntries(Object.entries(SYS_CONFIG_DEFAULTS).filter(([k]) => !writeOnly.has(k)).map(([k, v]) => [k, typeof v === 'string' ? Type.String() : Type.Number()])),
);

// The same keys, each optional; keys the server does not know are ignored (the product's screen sends more).
const SysConfigUpdate = Type.Object(
  Object.fromEntries(
    Object.entries(SYS_CONFIG_DEFAULTS).map(([k, v]) => [k, Type.Optional(typeof v === 'string' ? Type.String({ maxLength: 4000 }) : Type.Integer({ minimum: 0, maximum: 1_000_000 }))]),
  ),
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
    async () => ok(await readSysConfig(opts.db)),
  );

  app.put(
    '/SysConfig',
    {
      config: { access: { permission: 'system.config:update' } },
      schema: { tags: ['system'], summary: 'Change configuration keys (those sent; unknown keys are ignored)', body: SysConfigUpdate, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      const body = request.body as Partial<SysConfig> & Record<string, unknown>;
      const changes = Object.fromEntries(Object.entries(body).filter(([k, v]) => k in SYS_CONFIG_DEFAULTS && v !== undefined)) as Partial<SysConfig>;
      if (changes.dataInterfaceAllowedAddresses !== undefined) {
        const [bad] = invalidAllowListEntries(changes.dataInterfaceAllowedAddresses);
        if (bad !== undefined) throw refuse('dataInterface.allowListInvalid', { entry: bad.slice(0, 200) });
      }
      await opts.db.transaction().execute(async (trx) => {
        for (const { key, value } of serializeSysConfig(changes)) {
          const updated = await trx.updateTable('baseSysConfig').set({ value }).where('key', '=', key).executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('baseSysConfig').values({ key, value }).execute();
        }
      });
      return done(request.t('dictionary.updateSuccess'));
    },
  );
};
