import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../db';
import { ReplyCode } from '../../src/runtime/codes';
import type { MessageKey } from '../../src/runtime/i18n';
import { redeemTicket, TICKET_PATTERN } from '../modules/dictionary/tickets';
import { AppError } from './errors';

/** An export file: its body, the name the user sees (`<fullName>.json`) and an ASCII fallback (`<enCode>.json`). */
export interface JsonFile {
  name: string;
  code: string;
  body: unknown;
}

export interface JsonDownloadOptions {
  db: Db;
  /** The route, e.g. '/BillRule/Download/:ticket'. */
  path: string;
  /** The ticket kind the export link was issued with. */
  kind: string;
  tags: string[];
  /** The file of the object a live ticket names, or null when it is gone. */
  load(objectId: string): Promise<JsonFile | null>;
  /** The message of an expired ticket or a vanished object. */
  expired: MessageKey;
}

/**
 * The download half of an export (spec 7.9, 7.10, 7.13, 7.14): the browser opens the export
 * link without its bearer header, so the unguessable five-minute ticket in the path is the
 * credential (server/modules/dictionary/tickets.ts); the file is JSON, never cached.
 */
export function jsonDownloadRoute(app: FastifyInstance, options: JsonDownloadOptions): void {
  app.get(
    options.path,
    {
      config: { access: 'public' },
      schema: {
        tags: options.tags,
        summary: 'Download an export file',
        params: Type.Object({ ticket: Type.String({ pattern: TICKET_PATTERN }) }),
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/json file' }) },
      },
    },
    async (request, reply) => {
      const id = await redeemTicket(options.db, options.kind, (request.params as { ticket: string }).ticket);
      const file = id ? await options.load(id) : null;
      if (!file) throw new AppError(ReplyCode.notFound, options.expired);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.code)}.json"; filename*=UTF-8''${encodeURIComponent(`${file.name}.json`)}`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(JSON.stringify(file.body, null, 2), 'utf8'));
    },
  );
}
