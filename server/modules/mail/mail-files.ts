import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db';
import type { FileStore } from '../file/uploads/file-store';
import { insertFile } from '../file/uploads/file-repository';
import { newId } from '../../db/ids';

/** An attachment as a mail row names it: a stored file of the mail's owner. */
export interface MailAttachment {
  fileId: string;
  name: string;
  size: number;
}

/**
 * Keeps a received attachment as an uploaded file owned by the mail's owner, so it downloads
 * through the file service (/api/file/Download) and only its owner (and administrators) may read it.
 */
export async function storeAttachment(db: Db, store: FileStore, ownerId: string, name: string, mime: string, bytes: Buffer, now: number): Promise<MailAttachment> {
  await fsp.mkdir(path.join(store.root, 'tmp'), { recursive: true });
  const temp = path.join(store.root, 'tmp', randomBytes(16).toString('hex'));
  await fsp.writeFile(temp, bytes, { flag: 'wx' });
  const storedName = await store.keep(temp);
  const safeName = name.replace(/[\\/\x00-\x1f]/g, '_').slice(0, 200) || 'attachment';
  const dot = safeName.lastIndexOf('.');
  const id = newId();
  await insertFile(db, {
    id,
    ownerId,
    originalName: safeName,
    extension: dot > 0 ? safeName.slice(dot + 1).toLowerCase().slice(0, 20) : '',
    size: bytes.length,
    // served with nosniff and a sandboxing policy by the file service, whatever the sender claimed
    mime: /^[\w.+-]+\/[\w.+-]+$/.test(mime) ? mime : 'application/octet-stream',
    md5: createHash('md5').update(bytes).digest('hex'),
    storedName,
    createdAt: now,
  });
  return { fileId: id, name: safeName, size: bytes.length };
}

export function parseAttachments(json: string): MailAttachment[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? (list as MailAttachment[]).filter((a) => a && typeof a.fileId === 'string') : [];
  } catch {
    return [];
  }
}
