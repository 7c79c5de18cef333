import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { audit } from '../../audit/record';
import { Type } from 'typebox';
import { principalOf } from '../../auth/access';
import { newId } from '../../db/ids';
import { EmptyEnvelope, Envelope, done, ok } from '../../http/envelope';
import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import type { CurrentUserOptions } from './profile-routes';
import { tags } from './profile-routes';
import { IdParams, SignImgBody, SignImgEntry } from './schemas';
import { SIGNATURE_MAX_BYTES } from '../../../src/runtime/kinds/shared/signature-value';

/** The same limit as a signature stored in a record (sign and signature kinds). */
export const SIGN_IMG_MAX_BYTES = SIGNATURE_MAX_BYTES;
export const SIGN_IMG_MAX_COUNT = 20;

const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** A PNG or JPEG data URL whose bytes really are that image, within the size limit; else a refusal. */
export function checkSignImg(dataUrl: string): string {
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match) throw refuse('profile.signImgInvalid');
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > SIGN_IMG_MAX_BYTES) throw refuse('profile.signImgTooLarge', { kb: SIGN_IMG_MAX_BYTES / 1024 });
  const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if ((match[1] === 'png' && !png) || (match[1] === 'jpeg' && !jpeg)) throw refuse('profile.signImgInvalid');
  return dataUrl.trim();
}

/** My signature images (drawn or uploaded); the default one is userInfo.signImg. */
export const signImgRoutes: FastifyPluginAsyncTypebox<CurrentUserOptions> = async (app, opts) => {
  const { db } = opts;

  const mine = async (userId: string, id: string) => {
    const row = await db.selectFrom('baseSignImg').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
    if (!row) throw new AppError(ReplyCode.notFound, 'profile.signImgNotFound');
    return row;
  };

  app.get(
    '/Current/SignImg',
    {
      config: { access: 'signedIn' },
      schema: {
        tags, summary: 'My signature images, newest first; isDefault=1: only the default one (the sign field\'s one-click signature)',
        querystring: Type.Object({ isDefault: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) }),
        response: { 200: Envelope(Type.Array(SignImgEntry)) },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      let q = db.selectFrom('baseSignImg').select(['id', 'signImg', 'isDefault', 'createdAt']).where('userId', '=', user.id);
      if (request.query.isDefault === 1) q = q.where('isDefault', '=', 1);
      return ok(await q.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute());
    },
  );

  app.post(
    '/Current/SignImg',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: `Add a signature image (PNG/JPEG data URL, at most ${SIGN_IMG_MAX_BYTES / 1024} KB, ${SIGN_IMG_MAX_COUNT} per user); the first becomes the default`,
        body: SignImgBody,
        response: { 200: Envelope(SignImgEntry) },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const signImg = checkSignImg(request.body.signImg);
      const entry = await db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('baseSignImg').select(['id', 'isDefault']).where('userId', '=', user.id).execute();
        if (existing.length >= SIGN_IMG_MAX_COUNT) throw refuse('profile.signImgLimit', { count: SIGN_IMG_MAX_COUNT });
        const row = { id: newId(), userId: user.id, signImg, isDefault: existing.some((e) => e.isDefault === 1) ? 0 : 1, createdAt: Date.now() };
        await trx.insertInto('baseSignImg').values(row).execute();
        await audit(trx, request, { entity: 'signImg', entityId: row.id, action: 'create', after: row });
        if (row.isDefault) await trx.updateTable('baseUser').set({ signImg }).where('id', '=', user.id).execute();
        return row;
      });
      return ok({ id: entry.id, signImg: entry.signImg, isDefault: entry.isDefault, createdAt: entry.createdAt }, request.t('profile.added'));
    },
  );

  app.put(
    '/Current/:id/SignImg',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'Make one of my signature images the default', params: IdParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const { user } = principalOf(request);
      const row = await mine(user.id, request.params.id);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('baseSignImg').set({ isDefault: 0 }).where('userId', '=', user.id).execute();
        await trx.updateTable('baseSignImg').set({ isDefault: 1 }).where('id', '=', row.id).execute();
        await audit(trx, request, { entity: 'signImg', entityId: row.id, action: 'update', before: row, after: { ...row, isDefault: 1 } });
        await trx.updateTable('baseUser').set({ signImg: row.signImg }).where('id', '=', user.id).execute();
      });
      return done(request.t('profile.defaultSet'));
    },
  );

  app.delete(
    '/Current/:id/SignImg',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'Delete one of my signature images (deleting the default leaves none)', params: IdParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      const { user } = principalOf(request);
      const row = await mine(user.id, request.params.id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('baseSignImg').where('id', '=', row.id).execute();
        await audit(trx, request, { entity: 'signImg', entityId: row.id, action: 'delete', before: row });
        if (row.isDefault === 1) await trx.updateTable('baseUser').set({ signImg: null }).where('id', '=', user.id).execute();
      });
      return done(request.t('profile.deleted'));
    },
  );
};
