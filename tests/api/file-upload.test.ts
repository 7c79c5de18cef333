import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { buildApp } from '../../server/app';
import { startTestServer, type TestServer } from '../helpers/server';
import { call, tokenOf } from './oauth-client';
import { client, grantModelMenu, makeUser } from '../helpers/access';
import { md5Hex, merge, sendChunk, singleUpload, testChunks, uploadMissing } from './upload-client';

let server: TestServer;
let base: string;
let restarted: Awaited<ReturnType<typeof buildApp>> | null = null;
beforeAll(async () => {
  server = await startTestServer();
  base = server.url;
});
afterAll(async () => {
  await restarted?.close();
  await server?.close();
});

// 12 MB of PDF-looking bytes: three chunks (5 + 5 + 2 MB).
const pdf = (size: number, seed = 1) => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed * 7) & 0xff;
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'), 0);
  return bytes;
};

async function bytesAt(url: string) {
  const res = await fetch(`${base}${url}`);
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('chunked upload', () => {
  it('resumes after a restart: the test call reports the chunks on disk, merge checks the MD5, the download is the same bytes', async () => {
    const token = await tokenOf(restartedServer(), 'staff');
    const file = pdf(12 * 1024 * 1024);
    expect((await testChunks(base, token, file, '合同.pdf')).data).toEqual({ uploaded: false, chunkNumbers: [], merge: false });
    expect((await sendChunk(base, token, file, '合同.pdf', 2)).body.code).toBe(200);
    expect((await merge(base, token, file, '合同.pdf')).msg).toBe('文件分片不完整，请重新上传');

    // Restart: a new server process over the same database and upload root.
    await server.app.close();
    restarted = await buildApp({ config: server.config, database: server.database, logger: false });
    await restarted.listen({ port: 0, host: '127.0.0.1' });
    const address = restarted.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    expect((await testChunks(base, token, file, '合同.pdf')).data).toEqual({ uploaded: false, chunkNumbers: [2], merge: false });
    expect(await uploadMissing(base, token, file, '合同.pdf')).toBe(2);
    expect((await testChunks(base, token, file, '合同.pdf')).data.merge).toBe(true);
    const merged = await merge(base, token, file, '合同.pdf');
    expect(merged.code).toBe(200);
    expect(merged.data).toMatchObject({ name: '合同.pdf', fileSize: file.length, url: `/api/file/Download/annex/${merged.data.fileId}` });

    const link = await call(restartedServer(), merged.data.url, { token });
    expect(link.body.data.name).toBe('合同.pdf');
    const got = await bytesAt(link.body.data.url);
    expect(got.status).toBe(200);
    expect(got.type).toBe('application/pdf');
    expect(Buffer.from(got.bytes).equals(Buffer.from(file))).toBe(true);
    // the same bytes again: the server says it has them already
    expect((await testChunks(base, token, file, '合同.pdf')).data.uploaded).toBe(true);
  });

  it('refuses a chunk with a wrong size, bytes whose MD5 differs, and content that is not what the extension says', async () => {
    const token = await tokenOf(restartedServer(), 'staff');
    const file = pdf(100_000, 2);
    const wrongSize = await sendChunk(base, token, file.subarray(0, 50_000), 'a.pdf', 1, md5Hex(file), file.length);
    expect(wrongSize.body.msg).toBe('第1个分片大小不正确（应为100000字节）');
    expect((await testChunks(base, token, file, 'a.pdf')).data.chunkNumbers).toEqual([]);
    // chunks of one file sent under the MD5 of another of the same size: merge sees the difference
    const other = pdf(100_000, 9);
    expect((await sendChunk(base, token, file, 'b.pdf', 1, md5Hex(other))).body.code).toBe(200);
    expect((await merge(base, token, other, 'b.pdf')).msg).toBe('文件校验失败（MD5 不一致），请重新上传');
    // chunk of exe-like bytes named .pdf: stored as a chunk, refused at merge by its content
    const exe = new Uint8Array(70_000);
    exe.set([0x4d, 0x5a, 0x90, 0x00], 0);
    await uploadMissing(base, token, exe, 'report.pdf');
    const refused = await merge(base, token, exe, 'report.pdf');
    expect(refused.msg).toBe('文件内容与扩展名 pdf 不符');
    // and its chunks are gone: a retry starts over
    expect((await testChunks(base, token, exe, 'report.pdf')).data.chunkNumbers).toEqual([]);
    const single = await singleUpload(base, token, exe, 'photo.png', 'annexpic');
    expect(single.msg).toBe('请上传图片');
    const exeName = await singleUpload(base, token, exe, 'tool.exe');
    expect(exeName.msg).toBe('不支持上传 exe 类型的文件');
    const accept = await testChunks(base, token, file, 'a.pdf').then(() =>
      fetch(`${base}/api/file/chunk?identifier=${'0'.repeat(32)}&fileName=a.pdf&totalSize=10&accept=image`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } }).then((r) => r.json()),
    );
    expect(accept.msg).toBe('Please choose files of type image');
  });

  it('refuses a file over the size limit before storing anything', async () => {
    const small = await startTestServer({ uploadMaxMb: 1 });
    try {
      const token = await tokenOf(small, 'staff');
      const big = pdf(1024 * 1024 + 10, 3);
      expect((await testChunks(small.url, token, big, 'big.pdf')).msg).toBe('文件大小超过1MB');
      expect((await singleUpload(small.url, token, big, 'big.pdf')).msg).toBe('文件大小超过1MB');
      expect((await sendChunk(small.url, token, big, 'big.pdf', 1)).body.msg).toBe('文件大小超过1MB');
    } finally {
      await small.close();
    }
  });
});

describe('download access and pack download', () => {
  it('lets the owner and administrators read a file, not another user; packs several files into one zip', async () => {
    const staff = await tokenOf(restartedServer(), 'staff');
    const a = await singleUpload(base, staff, new TextEncoder().encode('第一份'), 'a.txt');
    const b = await singleUpload(base, staff, new TextEncoder().encode('second'), 'a.txt');
    expect(a.code).toBe(200);
    const customer = await tokenOf(restartedServer(), 'customer');
    const other = await call(restartedServer(), `/api/file/Download/annex/${a.data.fileId}`, { token: customer });
    expect(other.body.code).toBe(404);
    expect(other.body.msg).toBe('文件不存在');
    const preview = await call(restartedServer(), `/api/file/Uploader/Preview?fileId=${a.data.fileId}`, { token: customer });
    expect(preview.body.code).toBe(404);
    const admin = await tokenOf(restartedServer(), 'admin');
    const byAdmin = await call(restartedServer(), `/api/file/Uploader/Preview?fileId=${a.data.fileId}`, { token: admin });
    expect(new TextDecoder().decode((await bytesAt(byAdmin.body.data)).bytes)).toBe('第一份');
    // a forged or altered address is refused
    expect((await bytesAt(byAdmin.body.data.replace(/s=[^&]+/, 's=forged'))).status).toBe(404);

    const denied = await call(restartedServer(), '/api/file/PackDownload/annex', { token: customer, json: { list: [{ fileId: a.data.fileId }] } });
    expect(denied.body.code).toBe(404);
    const pack = await call(restartedServer(), '/api/file/PackDownload/annex', { token: staff, json: { list: [{ fileId: a.data.fileId }, { fileId: b.data.fileId }], downloadName: '附件' } });
    expect(pack.body.data.downloadName).toBe('附件.zip');
    const zip = await bytesAt(pack.body.data.downloadVo.url);
    expect(zip.type).toBe('application/zip');
    const entries = unzipSync(zip.bytes);
    expect(Object.keys(entries).sort()).toEqual(['a(1).txt', 'a.txt']);
    expect(new TextDecoder().decode(entries['a.txt'])).toBe('第一份');

    // bytes gone from disk (removed by hand): a clear 404, not a broken stream
    const row = await server.database.db.selectFrom('baseFile').select('storedName').where('id', '=', b.data.fileId).executeTakeFirstOrThrow();
    fs.rmSync(path.join(server.config.dataDir, 'files', 'uploads', 'store', row.storedName));
    const gone = await call(restartedServer(), `/api/file/Uploader/Preview?fileId=${b.data.fileId}`, { token: staff });
    const missing = await fetch(`${base}${gone.body.data}`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { msg: string }).msg).toBe('文件不存在');
  });
});

describe('files held by records', () => {
  it('lets a reader of a record that holds a file read it, named by the record; not without it, nor another file', async () => {
    const admin = client(base, await tokenOf(restartedServer(), 'admin'));
    const cfg = (jnpfKey: string, label: string) => ({ jnpfKey, label, showLabel: true, required: false, layout: 'colFormItem', span: 24, regList: [] });
    const formData = { formRef: 'elForm', formModel: 'dataForm', fields: [{ __config__: cfg('comInput', '名称'), __vModel__: 'title' }, { __config__: cfg('uploadFz', '附件'), __vModel__: 'files', limit: 3 }] };
    const columnData = { type: 1, columnList: [{ prop: 'title', label: '名称' }], searchList: [], btnsList: [], columnBtnsList: [], useBtnPermission: false, useColumnPermission: false, useFormPermission: false, useDataPermission: false };
    const made = await admin.post('/api/visualdev/Base', { fullName: '附件记录', enCode: 'fileRecords', type: 1, webType: 2, formData: JSON.stringify(formData), columnData: JSON.stringify(columnData) });
    const modelId = made.body.data?.id ?? made.body.data;
    expect((await admin.post(`/api/visualdev/Base/${modelId}/Actions/Release`)).body.code).toBe(200);

    const staff = await tokenOf(restartedServer(), 'staff');
    const held = await singleUpload(base, staff, new TextEncoder().encode('held'), 'held.txt');
    const other = await singleUpload(base, staff, new TextEncoder().encode('other'), 'other.txt');
    const record = await admin.post(`/api/visualdev/OnlineDev/${modelId}`, { data: JSON.stringify({ title: 'r', files: [held.data] }) });
    expect(record.body.code, record.body.msg).toBe(200);
    const recordId = record.body.data.id;

    const reader = await makeUser(server.database.db, 'fileReader');
    await grantModelMenu(server.database.db, reader.roleId, modelId, []);
    const asReader = (fileId: string, ref = `&modelId=${modelId}&recordId=${recordId}`) =>
      call(restartedServer(), `/api/file/Uploader/Preview?fileId=${fileId}${ref}`, { token: reader.token });
    expect((await asReader(held.data.fileId, '')).body.code).toBe(404);
    const seen = await asReader(held.data.fileId);
    expect(seen.body.code).toBe(200);
    expect(new TextDecoder().decode((await bytesAt(seen.body.data)).bytes)).toBe('held');
    // a record that does not hold the file opens nothing
    expect((await asReader(other.data.fileId)).body.code).toBe(404);
    // nor does a record of a model the caller may not open
    const customer = await tokenOf(restartedServer(), 'customer');
    expect((await call(restartedServer(), `/api/file/Uploader/Preview?fileId=${held.data.fileId}&modelId=${modelId}&recordId=${recordId}`, { token: customer })).body.code).toBe(404);
  });
});

/** `call` with the current address (the first test restarts the server on a new port). */
const restartedServer = (): TestServer => ({ ...server, url: base });
