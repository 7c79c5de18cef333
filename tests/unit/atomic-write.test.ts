import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createOnceSync, writeFileAtomic, writeFileAtomicSync } from '../../server/files/atomic-write';
import { SecretBox } from '../../server/security/secret-box';
import { TicketSigner } from '../../server/modules/file/uploads/tickets';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomic-write-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const CHILD = path.resolve(__dirname, '../helpers/create-key-child.ts');

/** Starts `n` processes, lets them all go at once once every one is ready, and answers each one's last line. */
async function race(n: number, kind: string, dir: string): Promise<string[]> {
  const go = path.join(os.tmpdir(), `go-${path.basename(dir)}`);
  dirs.push(go);
  const children = Array.from({ length: n }, () => spawn(process.execPath, ['--import', 'tsx', CHILD, kind, dir, go], { stdio: ['ignore', 'pipe', 'inherit'] }));
  const outputs = children.map((child) => {
    let text = '';
    const ready = new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => {
      text += d.toString();
      if (text.startsWith('ready\n')) resolve();
    }));
    const done = new Promise<string>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve(text.trim().split('\n').pop()!) : reject(new Error(`child exited ${code}`)))));
    return { ready, done };
  });
  await Promise.all(outputs.map((o) => o.ready));
  fs.writeFileSync(go, '');
  return Promise.all(outputs.map((o) => o.done));
}

const leftovers = (dir: string) => fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'));

describe('createOnceSync: a key made once by processes starting together', () => {
  it('six processes creating the key at once all read the same 32 bytes, the file holds them, no temporary file stays', async () => {
    const dir = tempDir();
    const keys = await race(6, 'raw', dir);
    expect(keys).toHaveLength(6);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(path.join(dir, 'key')).toString('hex')).toBe(keys[0]);
    expect(leftovers(dir)).toEqual([]);
  }, 60_000);

  it('secret.key: what any of four processes sealed opens with the key left on disk', async () => {
    const dir = tempDir();
    const sealed = await race(4, 'secret', dir);
    const box = new SecretBox({ dataDir: dir });
    for (const s of sealed) expect(box.open(s)).toBe('same key');
    expect(Buffer.from(fs.readFileSync(path.join(dir, 'secret.key'), 'utf8'), 'base64')).toHaveLength(32);
    expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
  }, 60_000);

  it('the upload ticket key: four processes sign alike, and this process verifies their tickets', async () => {
    const dir = tempDir();
    const signed = await race(4, 'ticket', dir);
    expect(new Set(signed).size).toBe(1);
    const query = Object.fromEntries(new URLSearchParams(signed[0]));
    expect(new TicketSigner(dir).verify('file', { u: query.u, e: Number(query.e), s: query.s }, 1_000_000)).toBe(true);
  }, 60_000);

  it('an existing key is read, never replaced', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'key'), 'kept');
    expect(createOnceSync(path.join(dir, 'key'), () => 'other').toString()).toBe('kept');
  });
});

describe('writeFileAtomic: the final name only ever holds a whole file', () => {
  it('a reader polling the final name while 16 MB files replace each other sees only whole files', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'logo.png');
    const size = 16 * 1024 * 1024;
    const seen = new Set<string>();
    let writing = true;
    const reader = (async () => {
      while (writing) {
        try {
          const bytes = await fs.promises.readFile(file);
          // a whole file is one letter throughout
          seen.add(bytes.length === size && bytes[0] === bytes[size - 1] ? `whole ${String.fromCharCode(bytes[0]!)}` : `partial ${bytes.length}`);
        } catch {
          seen.add('absent');
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (const letter of 'abcd') await writeFileAtomic(file, Buffer.alloc(size, letter));
    writing = false;
    await reader;
    expect([...seen].filter((s) => s.startsWith('partial'))).toEqual([]);
    expect(seen.size).toBeGreaterThan(1);
    expect(fs.readFileSync(file)[0]).toBe('d'.charCodeAt(0));
    expect(leftovers(dir)).toEqual([]);
  }, 60_000);

  it('a write that fails leaves no final file and no temporary one', async () => {
    const dir = tempDir();
    // the final name is a directory: the rename fails after the bytes were written
    fs.mkdirSync(path.join(dir, 'taken'));
    await expect(writeFileAtomic(path.join(dir, 'taken'), 'x')).rejects.toThrow();
    expect(() => writeFileAtomicSync(path.join(dir, 'taken'), 'x')).toThrow();
    expect(fs.readdirSync(dir)).toEqual(['taken']);
  });

  it('the synchronous form writes whole and makes the directory', () => {
    const dir = tempDir();
    writeFileAtomicSync(path.join(dir, 'exports', 'a.json'), '{"ok":1}');
    expect(fs.readFileSync(path.join(dir, 'exports', 'a.json'), 'utf8')).toBe('{"ok":1}');
    expect(leftovers(path.join(dir, 'exports'))).toEqual([]);
  });
});
