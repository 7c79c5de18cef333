import SparkMD5 from 'spark-md5';
import type { UploadTransport } from '../../../runtime/upload-queue';
import { CHUNK_SIZE, HASH_SLICE_BYTES } from '../../../runtime/upload-rules';
import type { FilesApi, StoredFile } from '../../data/provider';

/** Hex MD5 of a file read in HASH_SLICE_BYTES slices (spec 9), so a large file never sits in memory whole. */
export async function md5OfFile(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  const spark = new SparkMD5.ArrayBuffer();
  for (let at = 0; at < file.size; at += HASH_SLICE_BYTES) {
    spark.append(await file.slice(at, at + HASH_SLICE_BYTES).arrayBuffer());
    onProgress(Math.min(1, (at + HASH_SLICE_BYTES) / file.size));
  }
  onProgress(1);
  return spark.end();
}

/** A refusal the server answered (not a network failure): the queue does not try it again. */
const finalIfAnswered = (error: unknown) => {
  if (error && typeof error === 'object' && 'network' in error && !(error as { network: boolean }).network) Object.assign(error, { final: true });
  return error;
};

/** The upload queue's calls over the data provider's files API. */
export function browserTransport(api: FilesApi, accept: string | undefined): UploadTransport<File, StoredFile> {
  return {
    hash: (file, onProgress) => md5OfFile(file, onProgress),
    test: (file, md5) => api.testChunks({ identifier: md5, fileName: file.name, totalSize: file.size, accept }),
    async chunk(file, md5, n) {
      const form = new FormData();
      form.append('identifier', md5);
      form.append('chunkNumber', String(n));
      form.append('totalSize', String(file.size));
      form.append('fileName', file.name);
      if (accept) form.append('accept', accept);
      form.append('file', file.slice((n - 1) * CHUNK_SIZE, Math.min(file.size, n * CHUNK_SIZE)), file.name);
      await api.sendChunk(form).catch((error: unknown) => {
        throw finalIfAnswered(error);
      });
    },
    merge: (file, md5) => api.merge({ identifier: md5, fileName: file.name, fileSize: file.size, accept }),
  };
}
