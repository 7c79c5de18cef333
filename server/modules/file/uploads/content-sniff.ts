import { extensionOf } from '../../../../src/runtime/upload-rules';

/**
 * Content checks of uploaded files: the first bytes must be what the extension claims
 * (magic numbers), so a renamed executable or HTML page is refused whatever its name says.
 * Office formats share containers (OLE for doc/xls/ppt, ZIP for docx/xlsx/pptx and Apple's), so
 * a container match is what we can check without parsing the file.
 */
const ascii = (b: Buffer, at: number, text: string) => b.subarray(at, at + text.length).toString('latin1') === text;
const hex = (b: Buffer, at: number, bytes: number[]) => bytes.every((x, i) => b[at + i] === x);

const OLE = (b: Buffer) => hex(b, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = (b: Buffer) => hex(b, 0, [0x50, 0x4b, 0x03, 0x04]);
const riff = (kind: string) => (b: Buffer) => ascii(b, 0, 'RIFF') && ascii(b, 8, kind);
const isoMedia = (b: Buffer) => ascii(b, 4, 'ftyp');
const mp3 = (b: Buffer) => ascii(b, 0, 'ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0);
const asf = (b: Buffer) => hex(b, 0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]);

/**
 * Text: no NUL byte in the sample. Not a UTF-8 check: Chinese text files from Windows are often
 * GBK. Binaries (executables, archives, images) carry NULs in their headers. Text is served as
 * text/plain with nosniff, so an HTML page named .txt is shown, never run.
 */
export const looksLikeText = (b: Buffer) => !b.includes(0);

const CHECKS: Record<string, (b: Buffer) => boolean> = {
  png: (b) => hex(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (b) => hex(b, 0, [0xff, 0xd8, 0xff]),
  jpeg: (b) => hex(b, 0, [0xff, 0xd8, 0xff]),
  gif: (b) => ascii(b, 0, 'GIF8'),
  bmp: (b) => ascii(b, 0, 'BM'),
  webp: riff('WEBP'),
  mp4: isoMedia,
  '3gp': isoMedia,
  avi: riff('AVI '),
  mkv: (b) => hex(b, 0, [0x1a, 0x45, 0xdf, 0xa3]),
  flv: (b) => ascii(b, 0, 'FLV'),
  swf: (b) => ascii(b, 1, 'WS') && 'FCZ'.includes(String.fromCharCode(b[0] ?? 0)),
  rmvb: (b) => ascii(b, 0, '.RMF'),
  m3u8: (b) => ascii(b.subarray(b[0] === 0xef ? 3 : 0), 0, '#EXTM3U'),
  mp3,
  wav: riff('WAVE'),
  wma: asf,
  ogg: (b) => ascii(b, 0, 'OggS'),
  aac: (b) => (b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0) || ascii(b, 0, 'ADIF') || isoMedia(b),
  flac: (b) => ascii(b, 0, 'fLaC'),
  xls: OLE,
  doc: OLE,
  ppt: OLE,
  xlsx: ZIP,
  docx: ZIP,
  pptx: ZIP,
  pages: ZIP,
  numbers: ZIP,
  keynote: ZIP,
  epub: ZIP,
  pdf: (b) => ascii(b, 0, '%PDF-'),
  txt: looksLikeText,
  csv: looksLikeText,
};

const MIME: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp', webp: 'image/webp',
  mp4: 'video/mp4', '3gp': 'video/3gpp', avi: 'video/x-msvideo', mkv: 'video/x-matroska', flv: 'video/x-flv',
  swf: 'application/x-shockwave-flash', rmvb: 'application/vnd.rn-realmedia-vbr', m3u8: 'application/vnd.apple.mpegurl',
  mp3: 'audio/mpeg', wav: 'audio/wav', wma: 'audio/x-ms-wma', ogg: 'audio/ogg', aac: 'audio/aac', flac: 'audio/flac',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv; charset=utf-8',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', epub: 'application/epub+zip',
};

/** Bytes of the head the checks need (the text check reads the most). */
export const SNIFF_BYTES = 4096;

/** Whether the head of the file is what its name's extension says. */
export function contentMatchesName(name: string, head: Buffer): boolean {
  const check = CHECKS[extensionOf(name)];
  return Boolean(check && head.length > 0 && check(head));
}

export const mimeOfExtension = (ext: string) => MIME[ext] ?? 'application/octet-stream';
