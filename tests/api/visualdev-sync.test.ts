import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { goodsColumns, goodsForm } from './visualdev-fixture';
import { nextEvent } from '../helpers/sse';

// Descriptor files under a temporary schemas dir; the watcher is on (development mode).
process.env.SCHEMA_WATCH = '1';

const schemasDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-schemas-'));
const modelsDir = path.join(schemasDir, 'models');
const descriptor = (fullName: string) => ({ id: 'file-goods', fullName, enCode: 'fileGoods', category: 'files', formData: goodsForm, columnData: goodsColumns });

let server: TestServer;
let admin: ReturnType<typeof client>;
let token: string;
beforeAll(async () => {
  fs.mkdirSync(modelsDir, { recursive: true });
  fs.writeFileSync(path.join(modelsDir, 'file-goods.json'), JSON.stringify(descriptor('文件商品')));
  fs.writeFileSync(path.join(modelsDir, 'broken.json'), '{ "id": "broken", ');
  server = await startTestServer({ schemasDir });
  token = await tokenFor(server.database.db, 'admin');
  admin = client(server.url, token);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(schemasDir, { recursive: true, force: true });
});

describe('descriptor files under schemas/models', () => {
  it('loads them at start as released models that name their file, skipping a broken one', async () => {
    const info = await admin.get('/api/visualdev/Base/file-goods');
    expect(info.body.data).toMatchObject({ id: 'file-goods', enCode: 'fileGoods', state: 1, sourceFile: 'file-goods.json', fullName: '文件商品' });
    expect((await admin.get('/api/visualdev/Base/broken')).status).toBe(404);
    const created = await admin.post('/api/visualdev/OnlineDev/file-goods', { data: { goodsName: 'From file', quantity: 1 } });
    expect(created.body.code, created.body.msg).toBe(200);
  });

  it('keeps file models read-only through the API', async () => {
    const res = await admin.del('/api/visualdev/Base/file-goods');
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('models/file-goods.json');
  });

  it('reloads a changed file and tells connected browsers', async () => {
    const events = await fetch(`${server.url}/api/visualdev/Events`, { headers: { authorization: `Bearer ${token}` } });
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    const arrived = nextEvent(events, 'model');
    await new Promise((r) => setTimeout(r, 50));
    fs.writeFileSync(path.join(modelsDir, 'file-goods.json'), JSON.stringify(descriptor('文件商品二')));
    expect(await arrived).toMatchObject({ id: 'file-goods', status: 'updated' });
    expect((await admin.get('/api/visualdev/Base/file-goods')).body.data.fullName).toBe('文件商品二');
    // records survive the reload and stay searchable (re-indexed)
    const list = await admin.post('/api/visualdev/OnlineDev/file-goods/List', { keyword: 'From' });
    expect(list.body.data.pagination.total).toBe(1);
  });

  it('refuses the event stream without a session', async () => {
    expect((await fetch(`${server.url}/api/visualdev/Events`)).status).toBe(401);
  });

  it('answers a HEAD of the event stream at once instead of holding it open (found by the access matrix)', async () => {
    const head = await fetch(`${server.url}/api/visualdev/Events`, { method: 'HEAD', headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/event-stream');
  });
});
