import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Zip, ZipPassThrough } from 'fflate';
import { Type } from 'typebox';
import { Envelope, ok } from '../../../http/envelope';
import { AppError, refuse } from '../../../http/errors';
import { principalOf } from '../../../auth/access';
import { ReplyCode } from '../../../../src/runtime/codes';
import type { FileRow } from '../../../db/schema';
import { fileById, mayRead } from './file-repository';
import { recordShowsFile, type RecordRef } from './record-reference';
import { chatShowsFile } from '../../message/chat/store';
import { invoiceShowsFile } from '../../business/orders/invoice-file';
import { certificationShowsFile } from '../../business/certification';
import type { UploadContext } from './index';

const tags = ['file'];
const FileId = Type.String({ pattern: '^[0-9]{1,30}$' });
const Ticket = { u: Type.Optional(Type.String({ maxLength: 50 })), e: Type.Optional(Type.Integer()), s: Type.Optional(Type.String({ maxLength: 100 })) };
const PACK_MAX_FILES = 100;
/** Where the caller saw the file (optional): a record they may read that holds it. */
const Ref = { modelId: Type.Optional(Type.String({ maxLength: 50 })), recordId: Type.Optional(Type.String({ maxLength: 50 })) };

/** `attachment` or `inline` with the name in UTF-8 and an ASCII fallback. */
const disposition = (kind: 'attachment' | 'inline', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const downloadRoutes: FastifyPluginAsyncTypebox<UploadContext> = async (app, ctx) => {
  /**
   * The file when the caller may read it: theirs, an administrator, held by a record they may
   * read (ref: where they saw it), sent in a chat they are part of, or attached to an issued invoice
   * of their organisation, or a certification's licence of their organisation (any, for reviewers); "not found" either way
   * otherwise, so ids reveal nothing.
   */
  async function readable(request: Parameters<typeof principalOf>[0], fileId: string, ref?: Partial<RecordRef>): Promise<FileRow> {
    const principal = principalOf(request);
    const file = await fileById(ctx.db, fileId);
    const viaRecord = async () => Boolean(ref?.modelId && ref.recordId) && recordShowsFile(ctx.db, principal, request.locale, ref as RecordRef, [fileId]);
    if (!file || !(mayRead(principal, file) || (await viaRecord()) || (await chatShowsFile(ctx.db, principal.user.id, fileId)) || (await invoiceShowsFile(ctx.db, principal, fileId)) || (await certificationShowsFile(ctx.db, principal, fileId)))) throw new AppError(ReplyCode.notFound, 'upload.notFound');
    return file;
  }
  const streamUrl = (file: FileRow, userId: string, inline: boolean) =>
    `/api/file/Stream/${file.id}?${ctx.tickets.sign(file.id, userId)}${inline ? '&inline=1' : ''}`;

  app.get(
    '/Download/:type/:fileId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Download address of a file the caller may read: a signed address, good for ten minutes',
        params: Type.Object({ type: Type.String({ maxLength: 30 }), fileId: FileId }),
        querystring: Type.Object(Ref),
        response: { 200: Envelope(Type.Object({ name: Type.String(), url: Type.String() })) },
      },
    },
    async (request) => {
      const file = await readable(request, request.params.fileId, request.query);
      return ok({ name: file.originalName, url: streamUrl(file, principalOf(request).user.id, false) });
    },
  );

  app.get(
    '/Uploader/Preview',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Preview address of a file the caller may read (served inline): data is the address',
        querystring: Type.Object({ fileId: FileId, fileName: Type.Optional(Type.String({ maxLength: 255 })), ...Ref }),
        response: { 200: Envelope(Type.String()) },
      },
    },
    async (request) => {
      const file = await readable(request, request.query.fileId, request.query);
      return ok(streamUrl(file, principalOf(request).user.id, true));
    },
  );

  app.post(
    '/PackDownload/:type',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: `Address of a zip of several files the caller may read (at most ${PACK_MAX_FILES})`,
        params: Type.Object({ type: Type.String({ maxLength: 30 }) }),
        body: Type.Object({
          list: Type.Array(Type.Object({ fileId: FileId, fileName: Type.Optional(Type.String({ maxLength: 255 })) }), { maxItems: PACK_MAX_FILES }),
          downloadName: Type.Optional(Type.String({ maxLength: 100 })),
          ...Ref,
        }),
        response: { 200: Envelope(Type.Object({ downloadVo: Type.Object({ url: Type.String() }), downloadName: Type.String() })) },
      },
    },
    async (request) => {
      const { list } = request.body;
      if (!list.length) throw refuse('upload.packEmpty');
      const ids = [...new Set(list.map((f) => f.fileId))];
      for (const id of ids) await readable(request, id, request.body);
      const subject = ids.join(',');
      const downloadName = `${(request.body.downloadName ?? 'files').replace(/[\\/:*?"<>|]/g, '_')}.zip`;
      const url = `/api/file/Pack?ids=${subject}&name=${encodeURIComponent(downloadName)}&${ctx.tickets.sign(subject, principalOf(request).user.id)}`;
      return ok({ downloadVo: { url }, downloadName });
    },
  );

  app.get(
    '/Stream/:fileId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The bytes of a file, by a signed address from Download or Uploader/Preview (public: <img> and <a> send no token)',
        params: Type.Object({ fileId: FileId }),
        querystring: Type.Object({ ...Ticket, inline: Type.Optional(Type.String({ maxLength: 1 })) }),
        response: { 200: Type.Unknown({ description: 'the file bytes' }) },
      },
    },
    async (request, reply) => {
      const { fileId } = request.params;
      if (!ctx.tickets.verify(fileId, request.query)) throw new AppError(ReplyCode.notFound, 'upload.linkExpired');
      const file = await fileById(ctx.db, fileId);
      // a row whose bytes were removed from disk by hand: not found, not a broken stream
      if (!file || !(await isFile(ctx.store.storedPath(file.storedName)))) throw new AppError(ReplyCode.notFound, 'upload.notFound');
      const inline = request.query.inline === '1';
      return reply
        .type(file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', disposition(inline ? 'inline' : 'attachment', file.originalName))
        .header('cache-control', 'private, max-age=600')
        .header('x-content-type-options', 'nosniff')
        // a previewed file never runs script in our origin, whatever its bytes (PDF: Chrome's viewer is a plugin a sandbox would block)
        .header('content-security-policy', file.extension === 'pdf' ? "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:" : "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(fs.createReadStream(ctx.store.storedPath(file.storedName)));
    },
  );

  app.get(
    '/Pack',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A zip of several files, streamed, by a signed address from PackDownload',
        querystring: Type.Object({ ids: Type.String({ pattern: '^[0-9]{1,30}(,[0-9]{1,30}){0,99}$' }), name: Type.Optional(Type.String({ maxLength: 120 })), ...Ticket }),
        response: { 200: Type.Unknown({ description: 'application/zip' }) },
      },
    },
    async (request, reply) => {
      const { ids } = request.query;
      if (!ctx.tickets.verify(ids, request.query)) throw new AppError(ReplyCode.notFound, 'upload.linkExpired');
      const files: FileRow[] = [];
      for (const id of ids.split(',')) {
        const file = await fileById(ctx.db, id);
        if (file && (await isFile(ctx.store.storedPath(file.storedName)))) files.push(file);
      }
      if (!files.length) throw new AppError(ReplyCode.notFound, 'upload.notFound');
      const out = new PassThrough();
      void streamZip(files, (f) => ctx.store.storedPath(f.storedName), out);
      return reply
        .type('application/zip')
        .header('content-disposition', disposition('attachment', request.query.name ?? 'files.zip'))
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
};

const isFile = (file: string) => fs.promises.stat(file).then((s) => s.isFile(), () => false);

/** Writes the files into `out` as a stored (uncompressed) zip, one file at a time, honouring back-pressure. */
async function streamZip(files: FileRow[], pathOf: (f: FileRow) => string, out: PassThrough) {
  let waiting: Promise<void> = Promise.resolve();
  const zip = new Zip((error, data, final) => {
    if (error) return out.destroy(error);
    if (!out.write(data)) waiting = new Promise((resolve) => out.once('drain', () => resolve()));
    if (final) out.end();
  });
  const used = new Map<string, number>();
  try {
    for (const file of files) {
      const seen = used.get(file.originalName) ?? 0;
      used.set(file.originalName, seen + 1);
      const dot = file.originalName.lastIndexOf('.');
      const name = seen === 0 ? file.originalName : dot > 0 ? `${file.originalName.slice(0, dot)}(${seen})${file.originalName.slice(dot)}` : `${file.originalName}(${seen})`;
      const entry = new ZipPassThrough(name.replace(/[\\/]/g, '_'));
      zip.add(entry);
      for await (const piece of fs.createReadStream(pathOf(file)) as AsyncIterable<Buffer>) {
        entry.push(new Uint8Array(piece.buffer, piece.byteOffset, piece.length));
        await waiting;
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  } catch (error) {
    out.destroy(error as Error);
  }
}
