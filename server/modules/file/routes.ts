import fs from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { readSysConfig } from '../system/config-store';
import { CAPTCHA_KEY_PATTERN, issueCaptcha } from './captcha-store';
import { AVATAR_MAX_BYTES, AVATAR_URL_PREFIX, avatarPath, imageTypeOf, mimeOfName, saveAvatar } from './avatar-store';
import { Envelope, ok } from '../../http/envelope';
import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import { principalOf } from '../../auth/access';
import type { Db } from '../../db';
import type { FastifyRequest } from 'fastify';
import { BRANDING_MAX_BYTES, BRANDING_URL_PREFIX, brandingPath, saveBranding } from './branding-store';

export interface FileOptions {
  db: Db;
  /** Root of stored files (<dataDir>/files/...). */
  dataDir: string;
}

const tags = ['file'];

/** /api/file: the sign-in captcha image, avatar and system logo upload and serving. */
export const fileRoutes: FastifyPluginAsyncTypebox<FileOptions> = async (app, opts) => {
  // Encapsulated here: only this module's routes parse multipart bodies.
  await app.register(multipart, { limits: { files: 1, fileSize: AVATAR_MAX_BYTES, fields: 10, parts: 12 } });

  app.get(
    '/ImageCode/:timestamp',
    {
      config: { access: 'public', limit: { family: 'captcha' } },
      schema: {
        tags,
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

  app.post(
    '/Uploader/userAvatar',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Upload an avatar image (multipart field "file"; PNG, JPEG, GIF or WEBP by content, at most 5 MB)',
        description: 'Then PUT /api/permission/Users/Current/Avatar/{name} with the returned name to use it.',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(Type.Object({ name: Type.String(), url: Type.String({ description: 'where the image is served' }) })) },
      },
    },
    async (request) => {
      const { bytes, type } = await uploadedImage(request, AVATAR_MAX_BYTES);
      const name = await saveAvatar(opts.dataDir, bytes, type.ext, principalOf(request).user.id);
      return ok({ name, url: `${AVATAR_URL_PREFIX}${name}` }, request.t('profile.uploaded'));
    },
  );

  app.get(
    '/Image/userAvatar/:name',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'An avatar image. Public on purpose: <img> cannot send a token, and stored names are 128-bit random',
        params: Type.Object({ name: Type.String({ maxLength: 100 }) }),
        response: { 200: Type.Unknown({ description: 'the image bytes (image/png, image/jpeg, image/gif or image/webp)' }) },
      },
    },
    async (request, reply) => {
      const file = await avatarPath(opts.dataDir, request.params.name);
      if (!file) throw new AppError(ReplyCode.notFound, 'profile.fileNotFound');
      return reply
        .type(mimeOfName(file))
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(file));
    },
  );

  app.post(
    '/Uploader/systemBranding',
    {
      config: { access: { permission: 'system.config:update' } },
      schema: {
        tags,
        summary: `Upload the system logo or navigation icon (multipart field "file"; PNG, JPEG, GIF or WEBP by content, at most ${BRANDING_MAX_BYTES / 1024 / 1024} MB; SVG is refused)`,
        description: 'Then save the returned url as logoIcon or navigationIcon with PUT /api/system/SysConfig.',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(Type.Object({ name: Type.String(), url: Type.String({ description: 'where the image is served' }) })) },
      },
    },
    async (request) => {
      const { bytes, type } = await uploadedImage(request, BRANDING_MAX_BYTES);
      const name = await saveBranding(opts.dataDir, bytes, type.ext);
      return ok({ name, url: `${BRANDING_URL_PREFIX}${name}` }, request.t('profile.uploaded'));
    },
  );

  app.get(
    '/Image/systemBranding/:name',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The system logo or navigation icon. Public on purpose: the sign-in page shows it before sign-in',
        params: Type.Object({ name: Type.String({ maxLength: 100 }) }),
        response: { 200: Type.Unknown({ description: 'the image bytes (image/png, image/jpeg, image/gif or image/webp)' }) },
      },
    },
    async (request, reply) => {
      const file = await brandingPath(opts.dataDir, request.params.name);
      if (!file) throw new AppError(ReplyCode.notFound, 'profile.fileNotFound');
      return reply
        .type(mimeOfName(file))
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(fs.createReadStream(file));
    },
  );
};

/** The one uploaded image of a multipart request (field "file"): refused when missing, too large or not an image by its bytes. */
async function uploadedImage(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw refuse('profile.imageRequired');
  const part = await request.file();
  if (!part) throw refuse('profile.imageRequired');
  const tooLarge = refuse('profile.imageTooLarge', { mb: maxBytes / 1024 / 1024 });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge;
    throw error;
  }
  // The limit event can come after the last chunk: check the stream's own flag too.
  if (part.file.truncated || bytes.length > maxBytes) throw tooLarge;
  if (bytes.length === 0) throw refuse('profile.imageRequired');
  const type = imageTypeOf(bytes);
  if (!type) throw refuse('profile.imageType');
  return { bytes, type };
}
