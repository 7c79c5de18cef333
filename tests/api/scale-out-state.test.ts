import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../bench/server-process';
import type { DatabaseHandle } from '../../server/db';
import type { TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import { halfSentPost } from '../helpers/half-sent';
import { startTwoProcesses, type TwoProcesses } from '../helpers/two-processes';
import { call, login, solveCaptcha, tokenOf } from './oauth-client';
import { md5Hex, merge, sendChunk, singleUpload, testChunks } from './upload-client';
import { goodsDefinition } from './visualdev-fixture';

/**
 * State across processes (issue 18 items 1 and 5): two real server processes on one database and
 * one Redis, requests alternating between them. Whatever A changes or hands out, B sees or
 * accepts at its next request: tokens, grants, dictionary entries, configuration, released
 * models, serial numbers, captchas, download and scan-login tickets, chunked uploads; and a
 * kill -9 of A loses no write it acknowledged. B's caches are warmed (several reads) before each
 * change, or a check could pass without any invalidation.
 */
let two: TwoProcesses;
let a: ServerProcess;
let b: ServerProcess;
let database: DatabaseHandle;
let adminToken: string;

/** oauth-client's helpers take a TestServer; they use only its address and database */
const as = (p: ServerProcess) => ({ url: p.url, database }) as unknown as TestServer;
const warm = async (api: ReturnType<typeof client>, url: string) => {
  for (let i = 0; i < 3; i += 1) expect((await api.get(url)).body.code).toBe(200);
};

beforeAll(async () => {
  two = await startTwoProcesses();
  ({ a, b, database } = two);
  adminToken = await tokenFor(database.db, 'admin');
}, 120_000);
afterAll(async () => {
  await two?.stop();
});

describe('what A changes, B sees at its next request', () => {
  it('a token signed in on A works on B, alternately', async () => {
    const token = await tokenOf(as(a), 'staff');
    for (const p of [b, a, b, a]) expect((await client(p.url, token).get('/api/oauth/CurrentUser')).body.data.userInfo.userAccount).toBe('staff');
  });

  it("a role's menu revoked on A: B refuses the model at once; granted again on A, B serves it at once", async () => {
    const roleId = (await database.db.selectFrom('baseRole').select('id').where('enCode', '=', 'staff').executeTakeFirstOrThrow()).id;
    const menuId = (await database.db.selectFrom('baseModule').select('id').where('enCode', '=', 'goods').executeTakeFirstOrThrow()).id;
    const adminOnA = client(a.url, adminToken);
    const original = (await adminOnA.get(`/api/permission/Authority/Data/${roleId}`)).body.data.checked;
    const staffOnB = client(b.url, await tokenFor(database.db, 'staff'));
    const list = () => staffOnB.post('/api/visualdev/OnlineDev/demo-model/List', { currentPage: 1, pageSize: 20 });
    for (let i = 0; i < 3; i += 1) expect((await list()).body.code).toBe(200);
    try {
      expect((await adminOnA.put(`/api/permission/Authority/Data/${roleId}`, { module: original.module.filter((id: string) => id !== menuId) })).body.code).toBe(200);
      expect((await list()).status).toBe(403);
    } finally {
      expect((await adminOnA.put(`/api/permission/Authority/Data/${roleId}`, original)).body.code).toBe(200);
    }
    expect((await list()).body.code).toBe(200);
  });

  it('a dictionary entry added on A is listed on B at once, in a category also new', async () => {
    const onA = client(a.url, adminToken);
    const onB = client(b.url, adminToken);
    const type = await database.db.selectFrom('baseDictionaryType').select('id').where('enCode', '=', 'goodsCategory').executeTakeFirstOrThrow();
    await warm(onB, `/api/system/DictionaryData/${type.id}`);
    await warm(onB, '/api/system/DictionaryData/All'); // built from B's kept categories
    const created = await onA.post('/api/system/DictionaryData', { dictionaryTypeId: type.id, parentId: '0', fullName: '跨进程条目', enCode: 'crossEntry', enabledMark: 1, sortCode: 99 });
    expect(created.body.code, created.body.msg).toBe(200);
    expect(JSON.stringify((await onB.get(`/api/system/DictionaryData/${type.id}`)).body.data)).toContain('跨进程条目');
    const category = await onA.post('/api/system/DictionaryType', { parentId: '-1', fullName: '跨进程字典', enCode: 'crossData', isTree: 0, sortCode: 99 });
    expect(category.body.code, category.body.msg).toBe(200);
    const typeId = (await database.db.selectFrom('baseDictionaryType').select('id').where('enCode', '=', 'crossData').executeTakeFirstOrThrow()).id;
    expect((await onA.post('/api/system/DictionaryData', { dictionaryTypeId: typeId, parentId: '0', fullName: '新分类条目', enCode: 'crossNew', enabledMark: 1, sortCode: 1 })).body.code).toBe(200);
    const all = (await onB.get('/api/system/DictionaryData/All')).body.data.list as { enCode: string; dictionaryList: { enCode: string }[] }[];
    expect(all.find((t) => t.enCode === 'crossData')?.dictionaryList.map((e) => e.enCode)).toEqual(['crossNew']);
  });

  it('a configuration change on A is read on B at once; a captcha issued by A is checked by B', async () => {
    const adminOnA = client(a.url, adminToken);
    const loginConfig = async (p: ServerProcess) => (await call(as(p), '/api/oauth/getLoginConfig')).body.data.enableVerificationCode;
    for (let i = 0; i < 3; i += 1) expect(await loginConfig(b)).toBe(0);
    try {
      expect((await adminOnA.put('/api/system/SysConfig', { enableVerificationCode: 1 })).body.code).toBe(200);
      expect(await loginConfig(b)).toBe(1);
      expect((await login(as(b), 'staff')).body.code).not.toBe(200); // no code: refused on B
      const captcha = await solveCaptcha(as(a));
      const signedIn = await login(as(b), 'staff', 'demo1234', { code: captcha.code, timestamp: captcha.timestamp });
      expect(signedIn.body.code, signedIn.body.msg).toBe(200);
    } finally {
      expect((await client(b.url, adminToken).put('/api/system/SysConfig', { enableVerificationCode: 0 })).body.code).toBe(200);
    }
    expect(await loginConfig(a)).toBe(0);
  });

  it('a model released on A is served on B at the next request', async () => {
    const adminOnA = client(a.url, adminToken);
    const onB = client(b.url, adminToken);
    const id = (await adminOnA.post('/api/visualdev/Base', goodsDefinition('scaleGoods'))).body.data.id as string;
    expect((await adminOnA.post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);
    // no cost price: accepted by the first release, refused once the release makes it required
    const create = () => onB.post(`/api/visualdev/OnlineDev/${id}`, { data: JSON.stringify({ goodsName: 'Bolt', quantity: 1 }) });
    for (let i = 0; i < 3; i += 1) expect((await create()).body.code).toBe(200);
    const form = JSON.parse(goodsDefinition().formData) as { fields: { __vModel__?: string; __config__: { required?: boolean } }[] };
    form.fields.find((f) => f.__vModel__ === 'costPrice')!.__config__.required = true;
    const saved = await adminOnA.put(`/api/visualdev/Base/${id}`, { ...goodsDefinition('scaleGoods'), formData: JSON.stringify(form) });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect((await create()).body.code).toBe(200); // a saved draft is not released
    expect((await adminOnA.post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);
    expect((await create()).body.code).toBe(400);
  });
});

describe('what A hands out, B honours', () => {
  it('100 serial numbers drawn at once, half on A and half on B, are distinct and gapless', async () => {
    const created = await client(a.url, adminToken).post('/api/system/BillRule', {
      fullName: '跨进程单号', enCode: 'scaleNo', category: 'other', prefix: 'S', dateFormat: 'no', digit: 5, startNumber: '1', sortCode: 0, enabledMark: 1, description: '',
    });
    expect(created.body.code, created.body.msg).toBe(200);
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => client((i % 2 ? a : b).url, adminToken).get('/api/system/BillRule/BillNumber/scaleNo')));
    expect(replies.map((r) => r.body.code).filter((c) => c !== 200)).toEqual([]);
    expect(replies.map((r) => r.body.data as string).sort()).toEqual(Array.from({ length: 100 }, (_, i) => `S${String(i + 1).padStart(5, '0')}`));
  });

  it('a download ticket issued by A is redeemed on B', async () => {
    const token = await tokenFor(database.db, 'staff');
    const uploaded = await singleUpload(a.url, token, new TextEncoder().encode('跨进程下载'), 'ticket.txt');
    expect(uploaded.code, uploaded.msg).toBe(200);
    const link = await client(a.url, token).get(`/api/file/Download/annex/${uploaded.data.fileId}`);
    expect(link.body.code, link.body.msg).toBe(200);
    const res = await fetch(`${b.url}${link.body.data.url}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('跨进程下载');
  });

  it('a scan-login ticket made on A is scanned on B, confirmed on A and collected on B', async () => {
    const ticket = (await call(as(a), '/api/oauth/ScanLogin/Ticket', { json: {} })).body.data.ticket as string;
    const staff = await tokenFor(database.db, 'staff');
    expect((await client(b.url, staff).post(`/api/oauth/ScanLogin/Ticket/${ticket}/Scan`, {})).body.code).toBe(200);
    expect((await call(as(a), `/api/oauth/ScanLogin/Ticket/${ticket}`)).body.data.status).toBe('scanned');
    expect((await client(a.url, staff).post(`/api/oauth/ScanLogin/Ticket/${ticket}/Confirm`, {})).body.code).toBe(200);
    const collected = (await call(as(b), `/api/oauth/ScanLogin/Ticket/${ticket}`)).body.data;
    expect(collected.status).toBe('confirmed');
    expect((await client(a.url, collected.token).get('/api/oauth/CurrentUser')).body.data.userInfo.userAccount).toBe('staff');
  });

  it('a chunked upload started on A is finished on B, and A serves the same bytes', async () => {
    const token = await tokenFor(database.db, 'staff');
    const file = new Uint8Array(12 * 1024 * 1024); // three chunks
    for (let i = 0; i < file.length; i++) file[i] = (i * 31 + 7) & 0xff;
    file.set(new TextEncoder().encode('%PDF-1.4\n'), 0);
    const id = md5Hex(file);
    expect((await sendChunk(a.url, token, file, '跨进程.pdf', 1, id)).body.code).toBe(200);
    expect((await testChunks(b.url, token, file, '跨进程.pdf', id)).data.chunkNumbers).toEqual([1]);
    for (const n of [2, 3]) expect((await sendChunk(b.url, token, file, '跨进程.pdf', n, id)).body.code).toBe(200);
    const merged = await merge(b.url, token, file, '跨进程.pdf');
    expect(merged.code, merged.msg).toBe(200);
    const link = await client(a.url, token).get(merged.data.url);
    const res = await fetch(`${a.url}${link.body.data.url}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(file))).toBe(true);
  });
});

describe('kill -9 of A under writes', () => {
  it('loses no acknowledged write, and B keeps serving', async () => {
    const type = (await client(a.url, adminToken).post('/api/system/DictionaryType', { parentId: '-1', fullName: '中断分类', enCode: 'killType', isTree: 0, sortCode: 0 })).body.data.id as string;
    expect(type).toBeTruthy();
    const acknowledged: string[] = [];
    let killing: Promise<void> | null = null;
    let n = 0;
    let afterKill = 0;
    let cutOnA = 0; // writes A never answered: it died under them
    const entry = (k: number) => ({ dictionaryTypeId: type, parentId: '0', fullName: `中断${k}`, enCode: `kill${k}`, enabledMark: 1, sortCode: k });
    const write = async (p: ServerProcess) => {
      const k = n++;
      const reply = await client(p.url, adminToken).post('/api/system/DictionaryData', entry(k));
      if (reply.body.code !== 200) throw new Error(`write ${k} on ${p === a ? 'A' : 'B'} refused: ${reply.body.msg}`);
      acknowledged.push(reply.body.data.id);
    };
    // the kill lands while writes are in A's hands: three whose bodies are half sent, which A
    // cannot answer before the signal, whatever the machine's speed
    const killUnderWrites = async () => {
      const held = Array.from({ length: 3 }, () =>
        halfSentPost(`${a.url}/api/system/DictionaryData`, { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, JSON.stringify(entry(n++))));
      const outcomes = held.map((h) => h.reply.then(() => 'answered', () => 'cut'));
      await Promise.all(held.map((h) => h.sent));
      await a.kill();
      // A is gone: only what it acknowledged was promised
      for (const outcome of await Promise.all(outcomes)) if (outcome === 'cut') cutOnA += 1;
    };
    const writer = async (w: number) => {
      // each writer alternates A and B; once A is being killed, only B
      for (let i = 0; afterKill < 40; i += 1) {
        const onA = !killing && (w + i) % 2 === 0;
        try {
          await write(onA ? a : b);
        } catch (error) {
          if (!(killing && onA)) throw error;
          cutOnA += 1; // sent to A before the kill, never answered
          continue;
        }
        if (killing && !onA) afterKill += 1;
        if (acknowledged.length >= 60 && !killing) killing = killUnderWrites();
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    await killing;
    const stored = new Set((await database.db.selectFrom('baseDictionaryData').select('id').where('dictionaryTypeId', '=', type).execute()).map((r) => r.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);
    expect(cutOnA).toBeGreaterThan(0);
    const listed = (await client(b.url, adminToken).get(`/api/system/DictionaryData/${type}`)).body.data.list as unknown[];
    expect(listed.length).toBe(stored.size);
  }, 60_000);
});
