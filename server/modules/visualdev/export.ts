import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeFileAtomicSync } from '../../files/atomic-write';
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
  /** More header rows under the first (a sub-table's column labels), and cells to merge: [row, col, last row, last col]. */
  subHeader?: string[];
  merges?: [number, number, number, number][];
}

const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : v);

export function writeWorkbook(exportDir: string, fileName: string, sheet: Sheet): string {
  fs.mkdirSync(exportDir, { recursive: true });
  sweep(exportDir);
  const book = XLSX.utils.book_new();
  const ws = XLSX.utils.aoa_to_sheet([sheet.header, ...(sheet.subHeader ? [sheet.subHeader] : []), ...sheet.rows.map((r) => r.map(cell))]);
  if (sheet.merges?.length) ws['!merges'] = sheet.merges.map(([r0, c0, r1, c1]) => ({ s: { r: r0, c: c0 }, e: { r: r1, c: c1 } }));
  XLSX.utils.book_append_sheet(book, ws, sheetName(sheet.name));
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const token = newDownloadToken();
  writeFileAtomicSync(path.join(exportDir, `${token}.xlsx`), buffer);
  registerDownload(exportDir, token, fileName);
  return token;
}

export const sheetName = (name: string) => name.slice(0, 31).replace(/[\\/?*[\]:]/g, '_') || 'Sheet1';
export const newDownloadToken = () => randomBytes(32).toString('base64url');

/** Makes <token>.xlsx, already written to the export directory, downloadable once for ten minutes. */
export function registerDownload(exportDir: string, token: string, fileName: string): void {
  writeFileAtomicSync(path.join(exportDir, `${token}.json`), JSON.stringify({ fileName, expiresAt: Date.now() + LIFETIME_MS }));
}

/** Prepares the export directory (and sweeps expired files) before a workbook is written into it. */
export function exportDirReady(exportDir: string): void {
  fs.mkdirSync(exportDir, { recursive: true });
  sweep(exportDir);
}

/** Takes a download out of the store: the file's bytes and name, or null when unknown or expired. */
export function takeDownload(exportDir: string, token: string): { fileName: string; bytes: fs.ReadStream } | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const file = path.join(exportDir, `${token}.xlsx`);
  const meta = path.join(exportDir, `${token}.json`);
  try {
    const info = JSON.parse(fs.readFileSync(meta, 'utf8')) as { fileName: string; expiresAt: number };
    // opened before it is removed: a large export streams out without being read into memory
    const fd = fs.openSync(file, 'r');
    fs.rmSync(file, { force: true });
    fs.rmSync(meta, { force: true });
    const bytes = fs.createReadStream('', { fd });
    if (info.expiresAt > Date.now()) return { fileName: info.fileName, bytes };
    bytes.destroy();
    return null;
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
