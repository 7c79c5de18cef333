import { createHash } from 'node:crypto';
import { CHUNK_SIZE, chunkCount } from '../../src/runtime/upload-rules';

/** HTTP helpers of the chunked upload (server/modules/file/uploads), shared by the API tests and bench/uploads.ts. */
export const md5Hex = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

const auth = (token: string) => ({ authorization: `Bearer ${token}`, origin: 'pc' });

export async function testChunks(base: string, token: string, bytes: Uint8Array, fileName: string, identifier = md5Hex(bytes)) {
  const q = new URLSearchParams({ identifier, fileName, totalSize: String(bytes.length) });
  const res = await fetch(`${base}/api/file/chunk?${q}`, { headers: auth(token) });
  return (await res.json()) as { code: number; msg: string; data: { uploaded: boolean; chunkNumbers: number[]; merge: boolean } };
}

export async function sendChunk(base: string, token: string, bytes: Uint8Array, fileName: string, chunkNumber: number, identifier = md5Hex(bytes), totalSize = bytes.length) {
  const form = new FormData();
  form.append('identifier', identifier);
  form.append('chunkNumber', String(chunkNumber));
  form.append('totalSize', String(totalSize));
  form.append('fileName', fileName);
  const piece = bytes.subarray((chunkNumber - 1) * CHUNK_SIZE, Math.min(bytes.length, chunkNumber * CHUNK_SIZE));
  form.append('file', new Blob([piece as Uint8Array<ArrayBuffer>]), fileName);
  const res = await fetch(`${base}/api/file/chunk`, { method: 'POST', headers: auth(token), body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data?: { chunkNumbers: number[] } } };
}

export async function merge(base: string, token: string, bytes: Uint8Array, fileName: string, extra: Record<string, unknown> = {}) {
  const res = await fetch(`${base}/api/file/merge`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: typeof extra.identifier === 'string' ? extra.identifier : md5Hex(bytes), fileName, fileSize: bytes.length, ...extra }),
  });
  return (await res.json()) as { code: number; msg: string; data: { fileId: string; name: string; fileSize: number; url: string } };
}

/** Sends every chunk the server lacks; returns how many were sent. Hashes the bytes once (or takes their MD5). */
export async function uploadMissing(base: string, token: string, bytes: Uint8Array, fileName: string, identifier = md5Hex(bytes)): Promise<number> {
  const have = new Set((await testChunks(base, token, bytes, fileName, identifier)).data.chunkNumbers);
  let sent = 0;
  for (let n = 1; n <= chunkCount(bytes.length); n++) {
    if (have.has(n)) continue;
    const reply = await sendChunk(base, token, bytes, fileName, n, identifier);
    if (reply.body.code !== 200) throw new Error(`chunk ${n}: ${reply.body.msg}`);
    sent++;
  }
  return sent;
}

export async function singleUpload(base: string, token: string, bytes: Uint8Array, fileName: string, type: 'annex' | 'annexpic' = 'annex') {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), fileName);
  const res = await fetch(`${base}/api/file/Uploader/${type}`, { method: 'POST', headers: auth(token), body: form });
  return (await res.json()) as { code: number; msg: string; data: { fileId: string; name: string } };
}
