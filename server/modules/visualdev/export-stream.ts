import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { Deflate, deflateSync, strToU8 } from 'fflate';
import { exportDirReady, newDownloadToken, registerDownload } from './export';

/**
 * An .xlsx written as its rows arrive, so a list of 100,000 records is never held in memory:
 * SheetJS builds the whole workbook before writing (and @e965/xlsx has no xlsx stream writer),
 * so the worksheet XML is written here, one bounded chunk of rows at a time, deflated (fflate)
 * straight into a scratch file, and the zip is then put together around it with the sizes in
 * the local headers (SheetJS does not read the trailing data descriptors of a streamed zip).
 * Strings are inline (no shared-strings table to grow); numbers stay numbers. The parts are the
 * minimum Excel, LibreOffice and SheetJS read.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const escapeXml = (text: string) =>
  // characters XML 1.0 cannot carry are dropped; the five specials escaped
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A column's letters (0 → A, 26 → AA). */
export function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

function rowXml(cells: unknown[], rowIndex: number): string {
  let xml = `<row r="${rowIndex}">`;
  cells.forEach((v, c) => {
    if (v === null || v === undefined || v === '') return;
    const ref = `${columnName(c)}${rowIndex}`;
    if (typeof v === 'number' && Number.isFinite(v)) xml += `<c r="${ref}"><v>${v}</v></c>`;
    else xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(typeof v === 'object' ? JSON.stringify(v) : String(v))}</t></is></c>`;
  });
  return `${xml}</row>`;
}

interface Entry { name: Buffer; crc: number; size: number; packed: number; offset: number }

/** The zip around the parts: each part's local header and bytes, then the central directory (zip.ts of PKWARE's APPNOTE, no zip64: parts stay far below 4 GB). */
class ZipFile {
  private entries: Entry[] = [];
  private offset = 0;
  constructor(private fd: number) {}
  private write(bytes: Uint8Array) {
    fs.writeSync(this.fd, bytes);
    this.offset += bytes.length;
  }
  private header(e: Omit<Entry, 'offset'>) {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(0x0800, 6); // names in UTF-8
    h.writeUInt16LE(8, 8); // deflated
    h.writeUInt32LE(e.crc >>> 0, 14);
    h.writeUInt32LE(e.packed, 18);
    h.writeUInt32LE(e.size, 22);
    h.writeUInt16LE(e.name.length, 26);
    this.entries.push({ ...e, offset: this.offset });
    this.write(h);
    this.write(e.name);
  }
  add(name: string, text: string) {
    const raw = strToU8(text);
    const packed = deflateSync(raw, { level: 6 });
    this.header({ name: Buffer.from(name), crc: crc32(raw), size: raw.length, packed: packed.length });
    this.write(packed);
  }
  /** A part already deflated into a scratch file: copied in bounded pieces. */
  addFile(name: string, file: string, crc: number, size: number) {
    const packed = fs.statSync(file).size;
    this.header({ name: Buffer.from(name), crc, size, packed });
    const from = fs.openSync(file, 'r');
    const piece = Buffer.alloc(1 << 20);
    try {
      for (let n; (n = fs.readSync(from, piece, 0, piece.length, null)) > 0; ) this.write(piece.subarray(0, n));
    } finally {
      fs.closeSync(from);
    }
  }
  end() {
    const start = this.offset;
    for (const e of this.entries) {
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4);
      c.writeUInt16LE(20, 6);
      c.writeUInt16LE(0x0800, 8);
      c.writeUInt16LE(8, 10);
      c.writeUInt32LE(e.crc >>> 0, 16);
      c.writeUInt32LE(e.packed, 20);
      c.writeUInt32LE(e.size, 24);
      c.writeUInt16LE(e.name.length, 28);
      c.writeUInt32LE(e.offset, 42);
      this.write(c);
      this.write(e.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.write(end);
  }
}

/**
 * Writes header and the rows `chunks` yields (each a bounded list of rows) as a one-sheet
 * workbook in the export directory; replies the one-time download token (export.ts).
 */
export async function writeStreamedWorkbook(exportDir: string, fileName: string, sheet: string, header: string[], chunks: AsyncIterable<unknown[][]>): Promise<{ token: string; rows: number }> {
  exportDirReady(exportDir);
  const token = newDownloadToken();
  const final = path.join(exportDir, `${token}.xlsx`);
  const scratch = `${final}.sheet`;
  const partial = `${final}.part`;
  let rows = 0;
  let crc = 0;
  let size = 0;
  const sheetFd = fs.openSync(scratch, 'w');
  try {
    const deflate = new Deflate({ level: 6 }, (data) => fs.writeSync(sheetFd, data));
    const push = (text: string, last = false) => {
      const raw = strToU8(text);
      crc = crc32(raw, crc);
      size += raw.length;
      deflate.push(raw, last);
    };
    push(`${HEAD}<worksheet xmlns="${MAIN}"><sheetData>${rowXml(header, 1)}`);
    for await (const chunk of chunks) {
      let xml = '';
      for (const r of chunk) xml += rowXml(r, (rows += 1) + 1);
      push(xml);
    }
    push('</sheetData></worksheet>', true);
    fs.closeSync(sheetFd);
    const fd = fs.openSync(partial, 'w');
    try {
      const zip = new ZipFile(fd);
      zip.add('[Content_Types].xml', `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`);
      zip.add('_rels/.rels', `${HEAD}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
      zip.add('xl/workbook.xml', `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`);
      zip.add('xl/_rels/workbook.xml.rels', `${HEAD}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`);
      zip.addFile('xl/worksheets/sheet1.xml', scratch, crc, size);
      zip.end();
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(partial, final);
  } catch (error) {
    try {
      fs.closeSync(sheetFd);
    } catch {
      /* already closed */
    }
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.rmSync(scratch, { force: true });
  }
  registerDownload(exportDir, token, fileName);
  return { token, rows };
}
