import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { readSysConfig } from '../system/config-store';
import { CAPTCHA_KEY_PATTERN, issueCaptcha } from './captcha-store';
import type { Db } from '../../db';

/** /api/file: for now the sign-in captcha image; uploads and downloads join this module later. */
export const fileRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, opts) => {
  app.get(
    '/ImageCode/:timestamp',
    {
      config: { access: 'public' },
      schema: {
        tags: ['file'],
        summary: 'Captcha image (SVG) for the sign-in form; the code is kept five minutes under the timestamp key',
        params: Type.Object({ timestamp: Type.String({ pattern: CAPTCHA_KEY_PATTERN }) }),
        response: { 200: Type.String({ description: 'image/svg+xml' }) },
      },
    },
    async (request, reply) => {
      const config = await readSysConfig(opts.db);
      const svg = await issueCaptcha(opts.db, request.params.timestamp, config.verificationCodeNumber);
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
    },
  );
};
