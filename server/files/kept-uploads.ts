import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeFileAtomicSync } from './atomic-write';

/**
 * Uploaded spreadsheets waiting for their import preview (the model import and the users' import):
 * <dir>/<name> with a side file naming its owner (the uploader, and for a model import the model).
 * Only that owner reads it back, within the lifetime; names are random (the client's file name is
 * never a path). On disk, so the preview may land on any process that shares the data directory.
 */
export type UploadOwner = Readonly<Record<string, string>>;

export interface KeptUploads {
  /** Keeps the bytes under a new name with the client's file's extension (.xls, else .xlsx); returns the name. */
  keep(bytes: Buffer, clientName: string, owner: UploadOwner): string;
  /** The bytes, or null when the name is unknown, expired or another owner's. */
  read(name: string, owner: UploadOwner): Buffer | null;
}

const NAME = /^[A-Za-z0-9_-]{43}\.xlsx?$/;

export function keptUploads(dir: string, lifetimeMs: number): KeptUploads {
  const sweep = () => {
    const cutoff = Date.now() - lifetimeMs;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const full = path.join(dir, entry.name);
      try {
        if (fs.statSync(full).mtimeMs < cutoff) fs.rmSync(full, { force: true });
      } catch {
        // another process removed it first
      }
    }
  };
  return {
    keep(bytes, clientName, owner) {
      fs.mkdirSync(dir, { recursive: true });
      sweep();
      const name = `${randomBytes(32).toString('base64url')}.${/\.xls$/i.test(clientName) ? 'xls' : 'xlsx'}`;
      writeFileAtomicSync(path.join(dir, name), bytes);
      writeFileAtomicSync(path.join(dir, `${name}.json`), JSON.stringify({ owner, expiresAt: Date.now() + lifetimeMs }));
      return name;
    },
    read(name, owner) {
      if (!NAME.test(name)) return null;
      try {
        const meta = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as { owner: UploadOwner; expiresAt: number };
        const keys = Object.keys(owner);
        if (meta.expiresAt < Date.now() || keys.length !== Object.keys(meta.owner).length) return null;
        if (keys.some((key) => meta.owner[key] !== owner[key])) return null;
        return fs.readFileSync(path.join(dir, name));
      } catch {
        return null;
      }
    },
  };
}
