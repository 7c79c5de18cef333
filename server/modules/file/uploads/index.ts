import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { Db } from '../../../db';
import { CHUNK_SIZE } from '../../../../src/runtime/upload-rules';
import { startLeasedJob } from '../../../jobs/lease';
import { FileStore } from './file-store';
import { TicketSigner } from './tickets';
import { uploadRoutes } from './upload-routes';
import { downloadRoutes } from './download-routes';

const ABANDONED_AFTER_MS = 7 * 24 * 3600 * 1000;
/** The abandoned-upload pruning's period and lease name (server/jobs/lease.ts). */
export const UPLOAD_PRUNE_EVERY_MS = 6 * 3600 * 1000;
export const UPLOAD_PRUNE_JOB = 'uploads.prune';

export interface UploadModuleOptions {
  db: Db;
  dataDir: string;
  /** Root of uploaded files (config uploadDir); default <dataDir>/files/uploads. */
  uploadDir?: string;
  /** Largest accepted file in megabytes. */
  uploadMaxMb?: number;
}

export interface UploadContext {
  db: Db;
  store: FileStore;
  tickets: TicketSigner;
  maxBytes: number;
}

/**
 * /api/file: uploaded files of the upload widgets (spec widgets 7 "file upload", "file preview";
 * platform 7.17): the chunked, resumable upload (test, chunk, merge), the single-request upload,
 * and download, pack download and preview addresses.
 */
export const uploadModule: FastifyPluginAsyncTypebox<UploadModuleOptions> = async (app, opts) => {
  const root = opts.uploadDir ?? path.join(opts.dataDir, 'files', 'uploads');
  const ctx: UploadContext = {
    db: opts.db,
    store: new FileStore(root),
    tickets: new TicketSigner(root),
    maxBytes: (opts.uploadMaxMb ?? 2048) * 1024 * 1024,
  };
  // Per-request limits are given at request.file(): a chunk is capped at CHUNK_SIZE, a whole file at maxBytes.
  await app.register(multipart, { limits: { files: 1, fileSize: CHUNK_SIZE, fields: 20, parts: 21, fieldSize: 2000 } });
  // Abandoned uploads go after a week (a folder's time moves with each chunk, since a chunk adds
  // its marker): at start and every six hours, by one process at a time (the job's lease), since
  // all processes share the upload root.
  const job = startLeasedJob({ db: opts.db, name: UPLOAD_PRUNE_JOB, everyMs: UPLOAD_PRUNE_EVERY_MS, run: (now) => ctx.store.pruneAbandoned(ABANDONED_AFTER_MS, now), onError: (error) => app.log.warn({ err: error }, 'pruning abandoned uploads failed') });
  app.addHook('onReady', async () => {
    void job.tick();
  });
  app.addHook('onClose', () => job.stop());
  await app.register(uploadRoutes, ctx);
  await app.register(downloadRoutes, ctx);
};
