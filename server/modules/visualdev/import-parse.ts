import { Worker } from 'node:worker_threads';
import { refuse } from '../../http/errors';

/**
 * Reads an uploaded spreadsheet off the main thread (spec widgets 5: xls or xlsx, under 500 KB,
 * at most 1000 rows). A hostile file cannot stall the server: the worker has its own small heap
 * (resourceLimits), is killed after PARSE_TIME_LIMIT_MS, refuses an xlsx whose parts claim to
 * unpack to more than UNPACKED_LIMIT (a zip bomb) before unpacking anything, and asks SheetJS
 * for at most the header and MAX_IMPORT_ROWS + 1 rows (sheetRows), so a sheet claiming a
 * million rows is never read past the limit. The worker is code text (eval) so the bundled
 * server (one file) needs no second file; its packages resolve from the working directory.
 */
export const MAX_IMPORT_BYTES = 500 * 1024;
export const MAX_IMPORT_ROWS = 1000;
const UNPACKED_LIMIT = 20 * 1024 * 1024;
const MAX_COLUMNS = 300;
const PARSE_TIME_LIMIT_MS = 5000;

const WORKER_CODE = `
const { parentPort } = require('node:worker_threads');
const XLSX = require('@e965/xlsx');
const { unzipSync } = require('fflate');
parentPort.once('message', ({ bytes, maxRows, maxColumns, unpackedLimit }) => {
const data = new Uint8Array(bytes);
const pad = (n) => String(n).padStart(2, '0');
const text = (v) => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    const t = v.getHours() || v.getMinutes() || v.getSeconds() ? ' ' + pad(v.getHours()) + ':' + pad(v.getMinutes()) + ':' + pad(v.getSeconds()) : '';
    return v.getFullYear() + '-' + pad(v.getMonth() + 1) + '-' + pad(v.getDate()) + t;
  }
  return String(v);
};
try {
  if (data[0] === 0x50 && data[1] === 0x4b) {
    let total = 0;
    // the filter sees each part's declared size before anything is inflated; returning false inflates nothing
    unzipSync(data, { filter: (f) => { total += f.originalSize; if (total > unpackedLimit) throw new Error('UNPACKED'); return false; } });
  }
  const book = XLSX.read(data, { type: 'array', sheetRows: maxRows + 3, cellDates: true, dense: true, cellFormula: false, cellHTML: false, cellStyles: false });
  const sheet = book.Sheets[book.SheetNames[0]];
  const full = sheet ? XLSX.utils.decode_range(sheet['!fullref'] || sheet['!ref'] || 'A1:A1') : null;
  if (full && full.e.c - full.s.c + 1 > maxColumns) throw new Error('COLUMNS');
  const grid = sheet ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: '', blankrows: false }).map((r) => r.slice(0, maxColumns).map(text)) : [];
  parentPort.postMessage({ grid });
} catch (e) {
  parentPort.postMessage({ error: e && e.message === 'UNPACKED' ? 'unpacked' : e && e.message === 'COLUMNS' ? 'columns' : 'unreadable' });
}
});
`;

/**
 * One worker is kept started and idle (its parser loaded) for the next file, so a preview does
 * not wait for a worker to start and load SheetJS; each file still gets a fresh worker, which is
 * ended after it answered (nothing of one file's parse outlives it).
 */
let spare: Worker | null = null;
function startWorker(): Worker {
  const worker = new Worker(WORKER_CODE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 } });
  worker.unref(); // an idle spare never holds the process open
  worker.on('error', () => undefined);
  return worker;
}
function takeWorker(): Worker {
  const worker = spare && spare.threadId > 0 ? spare : startWorker();
  spare = startWorker();
  return worker;
}
/** Ends the idle worker (server close). */
export function stopSpareWorker(): void {
  void spare?.terminate();
  spare = null;
}

/** A file name's extension must be xls or xlsx, and its bytes a zip (xlsx) or a compound document (xls). */
export function checkImportFile(name: string, bytes: Buffer): void {
  if (!/\.(xlsx?)$/i.test(name)) throw refuse('bulkImport.wrongType');
  if (bytes.length >= MAX_IMPORT_BYTES) throw refuse('bulkImport.tooLarge');
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  const cfb = bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
  if (!zip && !cfb) throw refuse('bulkImport.wrongType');
}

/** The sheet as lines of cell texts (first sheet; headers included), refused with a clear message when it is past the limits. */
export function parseSheet(bytes: Buffer, headerCount: number): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const copy = new Uint8Array(bytes).buffer;
    const worker = takeWorker();
    worker.ref();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => finish(() => reject(refuse('bulkImport.tooComplex'))), PARSE_TIME_LIMIT_MS);
    worker.on('message', (m: { grid?: string[][]; error?: string }) => finish(() => {
      if (m.error === 'unpacked' || m.error === 'columns') return reject(refuse('bulkImport.tooComplex'));
      if (m.error || !m.grid) return reject(refuse('bulkImport.unreadable'));
      if (m.grid.length - headerCount > MAX_IMPORT_ROWS) return reject(refuse('bulkImport.tooManyRows', { max: MAX_IMPORT_ROWS }));
      resolve(m.grid);
    }));
    // out of memory (ERR_WORKER_OUT_OF_MEMORY) or a crash of the parser: the file is refused, the server goes on
    worker.on('error', () => finish(() => reject(refuse('bulkImport.tooComplex'))));
    worker.on('exit', () => finish(() => reject(refuse('bulkImport.unreadable'))));
    worker.postMessage({ bytes: copy, maxRows: MAX_IMPORT_ROWS + headerCount, maxColumns: MAX_COLUMNS, unpackedLimit: UNPACKED_LIMIT }, [copy]);
  });
}
