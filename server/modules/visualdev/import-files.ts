import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeFileAtomicSync } from '../../files/atomic-write';

/**
 * Uploaded import files between Uploader and ImportPreview: <dataDir>/imports/<name>, with a
 * sidecar naming the model and the user who uploaded it. Only that user reads it back, for that
 * model, within 30 minutes; names are random (the client's file name is never a path). Files on
 * disk so a preview may land on any process that shares the data directory.
 */
const LIFETIME_MS = 30 * 60 * 1000;
const NAME = /^[A-Za-z0-9_-]{32}\.xlsx?$/;

interface Owner { modelId: string; userId: string }

export function keepUpload(dir: string, bytes: Buffer, extension: 'xls' | 'xlsx', owner: Owner): string {
  fs.mkdirSync(dir, { recursive: true });
  sweep(dir);
  const name = `${randomBytes(24).toString('base64url')}.${extension}`;
  writeFileAtomicSync(path.join(dir, name), bytes);
  writeFileAtomicSync(path.join(dir, `${name}.json`), JSON.stringify({ ...owner, expiresAt: Date.now() + LIFETIME_MS }));
  return name;
}

/** The bytes of an upload of this user for this model, or null (unknown, expired or another's). */
export function readUpload(dir: string, name: string, owner: Owner): Buffer | null {
  if (!NAME.test(name)) return null;
  try {
    const meta = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Owner & { expiresAt: number };
    if (meta.modelId !== owner.modelId || meta.userId !== owner.userId || meta.expiresAt < Date.now()) return null;
    return fs.readFileSync(path.join(dir, name));
  } catch {
    return null;
  }
}

function sweep(dir: string) {
  const cutoff = Date.now() - LIFETIME_MS;
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    try {
      if (fs.statSync(full).mtimeMs < cutoff) fs.rmSync(full, { force: true });
    } catch {
      // another process removed it first
    }
  }
}
