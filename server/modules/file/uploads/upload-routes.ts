import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { Type } from 'typebox';
import { Envelope, ok } from '../../../http/envelope';
import { refuse } from '../../../http/errors';
import { principalOf } from '../../../auth/access';
import { newId } from '../../../db/ids';
import type { FileRow } from '../../../db/schema';
import { CHUNK_SIZE, acceptCategories, chunkCount, extensionAccepted, extensionOf, STORABLE_EXTENSIONS } from '../../../../src/runtime/upload-rules';
import { contentMatchesName, mimeOfExtension } from './content-sniff';
import { insertFile, ownFileByMd5 } from './file-repository';
import type { UploadContext } from './index';

const tags = ['file'];
const MD5 = Type.String({ pattern: '^[a-fA-F0-9]{32}$', description: 'hex MD5 of the whole file (spark-md5 in the browser)' });
const FileName = Type.String({ minLength: 1, maxLength: 255 });
/** Chat images are under 5 MB (spec 5.6). */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const Accept = Type.Optional(Type.String({ maxLength: 100, description: 'the widget accept setting: categories (image,video,audio,excel,word,pdf,txt) or empty for any' }));

/** What the widgets store in a record (spec widgets 3 "Uploaded file"). */
export const UploadedFile = Type.Object({
  fileId: Type.String(),
  name: Type.String(),
  fileSize: Type.Number(),
  fileExtension: Type.String(),
  fileVersionId: Type.String(),
  url: Type.String({ description: 'stable address of the download call; GET it for a signed address' }),
});

export const uploadedFileOf = (row: FileRow) => ({
  fileId: row.id,
  name: row.originalName,
  fileSize: row.size,
  fileExtension: row.extension,
  fileVersionId: row.id,
  url: `/api/file/Download/annex/${row.id}`,
});

/** The name's checks before any byte is stored: storable extension, the widget's accept categories, size. */
function checkName(name: string, size: number | null, accept: string | undefined, maxBytes: number) {
  const ext = extensionOf(name);
  if (!STORABLE_EXTENSIONS.has(ext)) throw refuse('upload.typeNotAllowed', { ext: ext || '?' });
  const categories = acceptCategories(accept);
  if (!extensionAccepted(name, categories)) throw refuse('upload.acceptMismatch', { types: (categories ?? []).join('、') });
  if (size !== null && size > maxBytes) throw refuse('upload.fileTooLarge', { mb: Math.floor(maxBytes / 1048576) });
}

const field = (part: MultipartFile, name: string): string | undefined => {
  const value = part.fields[name];
  const one = Array.isArray(value) ? value[0] : value;
  return one && 'value' in one ? String(one.value) : undefined;
};

async function filePart(request: FastifyRequest, fileSize: number) {
  if (!request.isMultipart()) throw refuse('upload.fileRequired');
  const part = await request.file({ limits: { fileSize } });
  if (!part) throw refuse('upload.fileRequired');
  return part;
}

export const uploadRoutes: FastifyPluginAsyncTypebox<UploadContext> = async (app, ctx) => {
  app.get(
    '/chunk',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Test call of the chunked upload: which chunks (numbered from 1) of this file the server already holds for the caller',
        querystring: Type.Object({ identifier: MD5, fileName: FileName, totalSize: Type.Integer({ minimum: 0 }), accept: Accept }),
        response: { 200: Envelope(Type.Object({ uploaded: Type.Boolean(), chunkNumbers: Type.Array(Type.Integer()), merge: Type.Boolean() })) },
      },
    },
    async (request) => {
      const { identifier, fileName, totalSize, accept } = request.query;
      checkName(fileName, totalSize, accept, ctx.maxBytes);
      const owner = principalOf(request).user.id;
      const md5 = identifier.toLowerCase();
      if (await ownFileByMd5(ctx.db, owner, md5, totalSize)) return ok({ uploaded: true, chunkNumbers: [], merge: true });
      const chunkNumbers = await ctx.store.chunksPresent(owner, md5);
      return ok({ uploaded: false, chunkNumbers, merge: chunkNumbers.length >= chunkCount(totalSize) });
    },
  );

  app.post(
    '/chunk',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: `One chunk (multipart: fields identifier, chunkNumber from 1, totalSize, fileName, accept, then the file part; at most ${CHUNK_SIZE} bytes)`,
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(Type.Object({ chunkNumber: Type.Integer(), chunkNumbers: Type.Array(Type.Integer()) })) },
      },
    },
    async (request) => {
      const part = await filePart(request, CHUNK_SIZE);
      const identifier = field(part, 'identifier') ?? '';
      const chunkNumber = Number(field(part, 'chunkNumber'));
      const totalSize = Number(field(part, 'totalSize'));
      const fileName = field(part, 'fileName') ?? '';
      if (!/^[a-fA-F0-9]{32}$/.test(identifier) || !fileName || !Number.isInteger(totalSize) || totalSize < 0) throw refuse('upload.chunkFields');
      const count = chunkCount(totalSize);
      if (!Number.isInteger(chunkNumber) || chunkNumber < 1 || chunkNumber > count) throw refuse('upload.chunkFields');
      checkName(fileName, totalSize, field(part, 'accept'), ctx.maxBytes);
      const owner = principalOf(request).user.id;
      const md5 = identifier.toLowerCase();
      const expected = chunkNumber < count ? CHUNK_SIZE : totalSize - CHUNK_SIZE * (count - 1);
      const written = await ctx.store.writeChunk(owner, md5, chunkNumber, part.file, expected);
      if (written < 0 || part.file.truncated) throw refuse('upload.chunkTooLarge', { mb: CHUNK_SIZE / 1048576 });
      if (written !== expected) throw refuse('upload.chunkSize', { n: chunkNumber, expected });
      return ok({ chunkNumber, chunkNumbers: await ctx.store.chunksPresent(owner, md5) });
    },
  );

  app.post(
    '/merge',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Joins the chunks, checks the MD5, size and content type, stores the file and answers what the widget keeps',
        body: Type.Object({
          identifier: MD5,
          fileName: FileName,
          fileSize: Type.Integer({ minimum: 0 }),
          accept: Accept,
          fileType: Type.Optional(Type.String({ maxLength: 100 })),
          extension: Type.Optional(Type.String({ maxLength: 20 })),
          type: Type.Optional(Type.String({ maxLength: 50 })),
        }),
        response: { 200: Envelope(UploadedFile) },
      },
    },
    async (request) => {
      const { identifier, fileName, fileSize, accept } = request.body;
      checkName(fileName, fileSize, accept, ctx.maxBytes);
      const owner = principalOf(request).user.id;
      const md5 = identifier.toLowerCase();
      const existing = await ownFileByMd5(ctx.db, owner, md5, fileSize);
      if (existing) {
        // Same bytes uploaded before: a new row and copy, so each record's file stands alone.
        const storedName = await ctx.store.copyStored(existing.storedName);
        return ok(uploadedFileOf(await record(ctx, owner, fileName, fileSize, md5, storedName)), request.t('upload.uploaded'));
      }
      const merged = await ctx.store.mergeChunks(owner, md5, chunkCount(fileSize), fileSize);
      if (!merged) throw refuse('upload.chunksMissing');
      try {
        if (merged.size !== fileSize) throw refuse('upload.sizeMismatch');
        if (merged.md5 !== md5) throw refuse('upload.md5Mismatch');
        if (!contentMatchesName(fileName, merged.head)) throw refuse('upload.typeMismatch', { ext: extensionOf(fileName) });
      } catch (error) {
        // The chunks are what the client sent and cannot become valid: start over next time.
        await ctx.store.dropChunks(owner, md5);
        throw error;
      }
      // A second merge of the same upload at the same time finds the assembled file gone.
      const storedName = await ctx.store.keep(merged.temp).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? refuse('upload.chunksMissing') : error;
      });
      const row = await record(ctx, owner, fileName, fileSize, md5, storedName);
      await ctx.store.dropChunks(owner, md5);
      return ok(uploadedFileOf(row), request.t('upload.uploaded'));
    },
  );

  app.post(
    '/Uploader/:type',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Single-request upload (multipart: optional field accept, then the file part): image upload (annexpic), small files (annex), chat images (IM: images under 5 MB)',
        params: Type.Object({ type: Type.Union([Type.Literal('annex'), Type.Literal('annexpic'), Type.Literal('IM')]) }),
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(UploadedFile) },
      },
    },
    async (request) => {
      const { type } = request.params;
      // chat images (spec 5.6): images only, under 5 MB, with the chat's own message
      const maxBytes = type === 'IM' ? Math.min(CHAT_IMAGE_MAX_BYTES, ctx.maxBytes) : ctx.maxBytes;
      const imagesOnly = type === 'annexpic' || type === 'IM';
      const part = await filePart(request, maxBytes);
      const fileName = part.filename || 'file';
      const accept = imagesOnly ? 'image' : field(part, 'accept');
      checkName(fileName, null, accept, maxBytes);
      const received = await ctx.store.receiveWhole(part.file, maxBytes);
      if (received.size < 0 || part.file.truncated) {
        await ctx.store.dropTemp(received.temp);
        throw type === 'IM' ? refuse('chat.imageTooBig') : refuse('upload.fileTooLarge', { mb: Math.floor(maxBytes / 1048576) });
      }
      if (!contentMatchesName(fileName, received.head)) {
        await ctx.store.dropTemp(received.temp);
        throw refuse(imagesOnly ? 'upload.imageOnly' : 'upload.typeMismatch', { ext: extensionOf(fileName) });
      }
      const storedName = await ctx.store.keep(received.temp);
      const row = await record(ctx, principalOf(request).user.id, fileName, received.size, received.md5, storedName);
      return ok(uploadedFileOf(row), request.t('upload.uploaded'));
    },
  );
};

async function record(ctx: UploadContext, ownerId: string, fileName: string, size: number, md5: string, storedName: string) {
  const extension = extensionOf(fileName);
  const row: FileRow = {
    id: newId(), ownerId, originalName: fileName.slice(0, 255), extension, size, mime: mimeOfExtension(extension), md5, storedName, createdAt: Date.now(),
  };
  await insertFile(ctx.db, row);
  return row;
}
