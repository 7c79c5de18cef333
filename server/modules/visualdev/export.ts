import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import XLSX from '@e965/xlsx';

/**
 * Exported workbooks: written to <dataDir>/exports/<token>.xlsx with a small sidecar naming
 * the download; GET Download/{token} streams one once and removes it. Tokens are 32 random
 * bytes and expire after ten minutes. Files on disk (not memory) so a download may land on
 * any process that shares the data directory.
 */
const LIFETIME_MS = 10 * 60 * 1000;

export interface Sheet {
  name: string;
  header: string[];
  rows: unknown[][];
}

const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : v);

export function writeWorkbook(exportDir: string, fileName: string, sheet: Sheet): string {
  fs.mkdirSync(exportDir, { recursive: true });
  sweep(exportDir);
  const book = XLSX.utils.book_new();
  const ws = XLSX.utils.aoa_to_sheet([sheet.header, ...sheet.rows.map((r) => r.map(cell))]);
  XLSX.utils.book_append_sheet(book, ws, sheet.name.slice(0, 31).replace(/[\\/?*[\]:]/g, '_') || 'Sheet1');
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const token = randomBytes(32).toString('base64url');
  fs.writeFileSync(path.join(exportDir, `${token}.xlsx`), buffer);
  fs.writeFileSync(path.join(exportDir, `${token}.json`), JSON.stringify({ fileName, expiresAt: Date.now() + LIFETIME_MS }));
  return token;
}

/** Takes a download out of the store: the file's bytes and name, or null when unknown or expired. */
export function takeDownload(exportDir: string, token: string): { fileName: string; bytes: Buffer } | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const file = path.join(exportDir, `${token}.xlsx`);
  const meta = path.join(exportDir, `${token}.json`);
  try {
    const info = JSON.parse(fs.readFileSync(meta, 'utf8')) as { fileName: string; expiresAt: number };
    const bytes = fs.readFileSync(file);
    fs.rmSync(file, { force: true });
    fs.rmSync(meta, { force: true });
    return info.expiresAt > Date.now() ? { fileName: info.fileName, bytes } : null;
  } catch {
    return null;
  }
}

function sweep(exportDir: string) {
  const cutoff = Date.now() - LIFETIME_MS;
  for (const name of fs.readdirSync(exportDir)) {
    const full = path.join(exportDir, name);
    try {
      if (fs.statSync(full).mtimeMs < cutoff) fs.rmSync(full, { force: true });
    } catch {
      // another process removed it first
    }
  }
}
