import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The one way the server writes a whole file under the data root (docs/DEPLOY.md "Files"). Several
 * processes share that root, so a reader on another process must never see a file half-written:
 * the bytes go to a temporary name in the same directory (same file system, so the rename is
 * atomic, also on NFS) and are flushed, then renamed to the final name. A failed write leaves no
 * final file and removes its temporary one.
 */

/** A temporary name beside `file`: the same directory, a name no reader asks for. */
const tempBeside = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);

export interface AtomicWriteOptions {
  mode?: number;
}

/** Writes `bytes` to `file` (made or replaced whole). The directory is made when missing. */
export async function writeFileAtomic(file: string, bytes: Buffer | string, opts: AtomicWriteOptions = {}): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const temp = tempBeside(file);
  try {
    const handle = await fsp.open(temp, 'wx', opts.mode ?? 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(temp, file);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
}

/** writeFileAtomic for code that is synchronous (workbook exports, import previews). */
export function writeFileAtomicSync(file: string, bytes: Buffer | string, opts: AtomicWriteOptions = {}): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = tempBeside(file);
  try {
    writeFlushedSync(temp, bytes, opts.mode ?? 0o644);
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * A file made once and never replaced (a key): the existing one when there is one, else `make()`
 * written whole to a temporary name and linked to `file`. A link fails with EEXIST when another
 * process linked first, and then that one's file counts: processes starting at once all end with
 * the same bytes, and since the final name only ever appears with its whole content, no process
 * reads a half-written key. (rename would replace a winner's key; 'wx' on the final name would
 * let a reader see it empty.)
 */
export function createOnceSync(file: string, make: () => Buffer | string, opts: AtomicWriteOptions = {}): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = tempBeside(file);
  try {
    writeFlushedSync(temp, make(), opts.mode ?? 0o600);
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return fs.readFileSync(file);
}

function writeFlushedSync(file: string, bytes: Buffer | string, mode: number) {
  const fd = fs.openSync(file, 'wx', mode);
  try {
    fs.writeFileSync(fd, bytes);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
