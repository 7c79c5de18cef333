import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { Envelope, ok } from '../../http/envelope';
import { readSysConfig, SYS_CONFIG_DEFAULTS, WRITE_ONLY_CONFIG_KEYS } from './config-store';

// Every key but the write-only ones, typed by its default: text keys are strings, the rest numbers.
const writeOnly = new Set<string>(WRITE_ONLY_CONFIG_KEYS);
const SysConfigData = Type.Object(
  Object.fromEntries(Object.entries(SYS_CONFIG_DEFAULTS).filter(([k]) => !writeOnly.has(k)).map(([k, v]) => [k, typeof v === 'string' ? Type.String() : Type.Number()])),
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
};
