// Build stamps: which files fed a build and a hash of their contents, so `npm start` can tell a
// fresh build from a stale one without the build tools. Plain JavaScript with Node built-ins
// only: it runs at start on a production install (`npm ci --omit=dev`).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Bumped when the stamp format changes: an older stamp then reads as stale. */
const STAMP_VERSION = 1;

/** The front end build (Vite) and the server bundle (esbuild), with where each keeps its stamp. */
export const PARTS = {
  web: { outDir: 'dist', stamp: 'dist/.build-stamp.json' },
  server: { outDir: 'dist-server', stamp: 'dist-server/build-stamp.json' },
};

function walk(root, dir) {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    return entry.isDirectory() ? walk(root, rel) : [rel];
  });
}

/**
 * SHA-256 over the names and contents of `files` plus every file under `dirs` (listed now, so a
 * file added to a listed folder changes the hash). A missing file hashes as missing.
 */
export function hashInputs(root, { files = [], dirs = [] }) {
  const all = [...new Set([...files, ...dirs.flatMap((d) => walk(root, d))])].sort();
  const hash = createHash('sha256');
  for (const rel of all) {
    const full = path.join(root, rel);
    hash.update(`${rel}\0`);
    hash.update(fs.existsSync(full) ? fs.readFileSync(full) : '\0missing\0');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Writes the stamp of a finished build: its inputs (project-relative, POSIX) and their hash. */
export function writeStamp(root, stampFile, inputs) {
  const files = [...new Set(inputs.files ?? [])].sort();
  const dirs = [...new Set(inputs.dirs ?? [])].sort();
  const stamp = { version: STAMP_VERSION, files, dirs, hash: hashInputs(root, { files, dirs }) };
  fs.mkdirSync(path.dirname(path.join(root, stampFile)), { recursive: true });
  fs.writeFileSync(path.join(root, stampFile), `${JSON.stringify(stamp, null, 1)}\n`);
}

/** Why a part needs building ('missing', 'stale'), or null when its build matches its sources. */
export function staleness(root, part) {
  const { stamp: stampFile } = PARTS[part];
  const full = path.join(root, stampFile);
  if (!fs.existsSync(full)) return 'missing';
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(full, 'utf8'));
  } catch {
    return 'missing';
  }
  if (stamp.version !== STAMP_VERSION || !Array.isArray(stamp.files)) return 'stale';
  return hashInputs(root, stamp) === stamp.hash ? null : 'stale';
}

/** Project-relative POSIX path of an absolute file inside the project, or null for anything else. */
export function projectFile(root, file) {
  const clean = file.replace(/[?#].*$/, '');
  if (!path.isAbsolute(clean)) return null;
  const rel = path.relative(root, clean);
  if (rel.startsWith('..') || path.isAbsolute(rel) || rel.split(path.sep).includes('node_modules')) return null;
  return fs.existsSync(clean) ? rel.split(path.sep).join('/') : null;
}
