import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db';
import { FileStore } from '../file/uploads/file-store';
import { SecretBox } from '../../security/secret-box';
import { accountRoutes } from './account-routes';
import { allowInternalMailHosts } from './host-policy';
import { messageRoutes } from './message-routes';

export interface MailModuleOptions {
  db: Db;
  dataDir: string;
  uploadDir?: string;
  secretKey?: string;
  /** The receive's limit (config mailReceiveTimeoutMs; spec 9: 100,000 ms). */
  receiveTimeoutMs?: number;
  /** hosts inside the network a mail account may name (MAIL_INTERNAL_HOSTS) */
  internalHosts?: readonly string[];
}

export interface MailContext {
  db: Db;
  store: FileStore;
  box: SecretBox;
  receiveTimeoutMs?: number;
  /** hosts inside the network a mail account may name (MAIL_INTERNAL_HOSTS) */
  internalHosts?: readonly string[];
}

/**
 * /api/mail: each user's mailbox (spec 2.3 /emailDetail, 9; issue 21 item 2): the account (IMAP
 * and SMTP, the password sealed with the server key), background receive, folders, reading,
 * sending, drafts. Attachments are files of the upload store (same root as /api/file), owned by
 * the mail's owner, so they download through the file service.
 */
export const mailModule: FastifyPluginAsync<MailModuleOptions> = async (app, opts) => {
  allowInternalMailHosts(opts.internalHosts ?? []);
  const ctx: MailContext = {
    db: opts.db,
    store: new FileStore(opts.uploadDir ?? path.join(opts.dataDir, 'files', 'uploads')),
    box: new SecretBox({ secretKey: opts.secretKey, dataDir: opts.dataDir }),
    receiveTimeoutMs: opts.receiveTimeoutMs,
  };
  await app.register(accountRoutes, ctx);
  await app.register(messageRoutes, ctx);
};
