import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, makeUser, tokenFor } from '../helpers/access';
import { createEngine } from '../../server/modules/flow/versions';
import type { RawFlowNode } from '../../src/runtime/flow';

/**
 * Entrusts (issue 16 item 3; docs/FLOWS.md "Entrusts"): the maker's own CRUD, the refusals, another
 * user's entrust invisible and unchangeable, a task started during the entrust going to the
 * delegate marked delegatedFrom, and the delegate's flow message of flowType 2. SQLite and PostgreSQL.
 */
let server: TestServer;
type Api = ReturnType<typeof client>;
let boss: { id: string; api: Api };
let deputy: { id: string; api: Api };
let other: { id: string; api: Api };
let staff: Api;
let flowA: string;
let flowB: string;
const BASE = '/api/workflow/Engine/FlowDelegate';
const HOUR = 3_600_000;
const now = Date.now();

const oneApprover = (userId: string): RawFlowNode => ({
  type: 'start', nodeId: 'S', properties: { title: '发起人', initiator: [], initiatePos: [] },
  childNode: { type: 'approver', nodeId: 'A', properties: { title: '审批', assigneeType: 6, approvers: [userId], approverPos: [] }, childNode: null },
});

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const made = async (account: string) => {
    const u = await makeUser(db, account);
    return { id: u.userId, api: client(server.url, u.token) };
  };
  boss = await made('entrustBoss');
  deputy = await made('entrustDeputy');
  other = await made('entrustOther');
  staff = client(server.url, await tokenFor(db, 'staff'));
  flowA = await createEngine(db, { enCode: 'entrustA', fullName: '委托流程A', template: oneApprover(boss.id) });
  flowB = await createEngine(db, { enCode: 'entrustB', fullName: '委托流程B', template: oneApprover(boss.id) });
});
afterAll(async () => {
  await server?.close();
});

describe('entrusts', () => {
  let entrustId: string;

  it('creates an entrust of one flow, lists it as mine (type 1) and as the delegate’s (type 2), and tells the delegate (flowType 2)', async () => {
    const r = await boss.api.post(BASE, { toUserId: deputy.id, engineIds: [flowA], startTime: now - HOUR, endTime: now + HOUR, description: '出差' });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    entrustId = r.body.data.id;
    const mine = (await boss.api.get(`${BASE}?type=1`)).body.data;
    expect(mine.pagination.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ id: entrustId, toUserId: deputy.id, toUserName: 'entrustDeputy', engineIds: [flowA], flowNames: ['委托流程A'], description: '出差' });
    expect((await deputy.api.get(`${BASE}?type=2`)).body.data.list.map((e: { id: string }) => e.id)).toEqual([entrustId]);
    expect((await deputy.api.get(`${BASE}?type=1`)).body.data.list).toEqual([]);
    expect((await deputy.api.get(`${BASE}/${entrustId}`)).body.data.userName).toBe('entrustBoss');
    const inbox = (await deputy.api.get('/api/message?type=2&pageSize=50')).body.data.list as { title: string; flowType: number; linkId: string }[];
    const message = inbox.find((m) => m.linkId === entrustId);
    expect(message?.flowType).toBe(2);
    expect(message?.title).toContain('entrustBoss');
  });

  it('a task of that flow started during the entrust goes to the delegate, marked delegatedFrom; another flow stays with the approver', async () => {
    const a = await staff.post('/api/workflow/Engine/FlowTask', { flowId: flowA, formData: {} });
    const b = await staff.post('/api/workflow/Engine/FlowTask', { flowId: flowB, formData: {} });
    expect(a.body.code).toBe(200);
    const todo = async (api: Api) => (await api.get('/api/workflow/Engine/FlowBefore/List/1?pageSize=100')).body.data.list as { taskId: string; delegatedFrom: string | null }[];
    expect((await todo(deputy.api)).find((x) => x.taskId === a.body.data.id)?.delegatedFrom).toBe(boss.id);
    expect((await todo(boss.api)).find((x) => x.taskId === a.body.data.id)).toBeUndefined();
    expect((await todo(boss.api)).find((x) => x.taskId === b.body.data.id)?.delegatedFrom).toBeNull();
  });

  it('refuses oneself, an unknown or disabled delegate, an end before the start, an unknown flow, and an overlapping entrust of the same flow', async () => {
    const base = { toUserId: deputy.id, engineIds: [flowB], startTime: now + 10 * HOUR, endTime: now + 20 * HOUR };
    const refused = async (body: Record<string, unknown>, text: RegExp) => {
      const r = await boss.api.post(BASE, { ...base, ...body });
      expect(r.body.code, JSON.stringify(r.body)).toBe(400);
      expect(r.body.msg).toMatch(text);
    };
    await refused({ toUserId: boss.id }, /自己/);
    await refused({ toUserId: 'nobody' }, /不存在或已停用/);
    await server.database.db.updateTable('baseUser').set({ enabledMark: 0 }).where('id', '=', other.id).execute();
    await refused({ toUserId: other.id }, /不存在或已停用/);
    await server.database.db.updateTable('baseUser').set({ enabledMark: 1 }).where('id', '=', other.id).execute();
    await refused({ endTime: base.startTime }, /晚于/);
    await refused({ engineIds: [flowB, 'noSuchFlow'] }, /不存在/);
    // the first entrust covers flowA until now + 1h: all flows overlap it, flowA overlaps it, flowB does not
    await refused({ engineIds: null, startTime: now, endTime: now + 2 * HOUR }, /已有/);
    await refused({ engineIds: [flowA, flowB], startTime: now, endTime: now + 2 * HOUR }, /已有/);
    expect((await boss.api.post(BASE, { ...base, startTime: now, endTime: now + 2 * HOUR })).body.code).toBe(200);
    // a later period of flowA does not overlap
    expect((await boss.api.post(BASE, { ...base, engineIds: [flowA], startTime: now + 2 * HOUR, endTime: now + 3 * HOUR })).body.code).toBe(200);
    expect((await boss.api.get(`${BASE}?type=1`)).body.data.pagination.total).toBe(3);
  });

  it('changes its own entrust (the overlap check leaves the entrust itself out), refuses a change into an overlap, tells a new delegate', async () => {
    const ok = await boss.api.put(`${BASE}/${entrustId}`, { toUserId: deputy.id, engineIds: [flowA], startTime: now - 2 * HOUR, endTime: now + HOUR, description: '改' });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
    expect((await boss.api.get(`${BASE}/${entrustId}`)).body.data).toMatchObject({ description: '改', startTime: now - 2 * HOUR });
    const overlap = await boss.api.put(`${BASE}/${entrustId}`, { toUserId: deputy.id, engineIds: null, startTime: now - 2 * HOUR, endTime: now + HOUR });
    expect(overlap.body.code).toBe(400);
    // a new delegate is told as on creation
    const moved = await boss.api.put(`${BASE}/${entrustId}`, { toUserId: other.id, engineIds: [flowA], startTime: now - 2 * HOUR, endTime: now + HOUR, description: '改' });
    expect(moved.body.code).toBe(200);
    const inbox = (await other.api.get('/api/message?type=2&pageSize=50')).body.data.list as { flowType: number; linkId: string }[];
    expect(inbox.filter((m) => m.flowType === 2 && m.linkId === entrustId)).toHaveLength(1);
    expect((await boss.api.put(`${BASE}/${entrustId}`, { toUserId: deputy.id, engineIds: [flowA], startTime: now - 2 * HOUR, endTime: now + HOUR, description: '改' })).body.code).toBe(200);
  });

  it('two overlapping entrusts saved at once: exactly one is written (five rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const at = now + (100 + round * 10) * HOUR;
      const body = { toUserId: deputy.id, engineIds: null, startTime: at, endTime: at + HOUR };
      const replies = await Promise.all([other.api.post(BASE, body), other.api.post(BASE, body)]);
      expect(replies.map((r) => r.body.code).sort()).toEqual([200, 400]);
    }
    expect((await other.api.get(`${BASE}?type=1`)).body.data.pagination.total).toBe(5);
    for (const e of (await other.api.get(`${BASE}?type=1`)).body.data.list as { id: string }[]) expect((await other.api.del(`${BASE}/${e.id}`)).body.code).toBe(200);
  });

  it('another user’s entrust is invisible and unchangeable; the delegate sees it but may not change or delete it', async () => {
    expect((await other.api.get(`${BASE}/${entrustId}`)).body.code).toBe(404);
    expect((await other.api.get(`${BASE}?type=1`)).body.data.list).toEqual([]);
    expect((await other.api.get(`${BASE}?type=2`)).body.data.list).toEqual([]);
    const body = { toUserId: other.id, engineIds: null, startTime: now, endTime: now + HOUR };
    for (const api of [other.api, deputy.api]) {
      expect((await api.put(`${BASE}/${entrustId}`, body)).body.code).toBe(404);
      expect((await api.del(`${BASE}/${entrustId}`)).body.code).toBe(404);
    }
    expect((await boss.api.get(`${BASE}/${entrustId}`)).body.data.toUserId).toBe(deputy.id);
  });

  it('deletes its own entrust; afterwards new tasks stay with the approver; anonymous calls are refused', async () => {
    expect((await boss.api.del(`${BASE}/${entrustId}`)).body.code).toBe(200);
    expect((await boss.api.get(`${BASE}/${entrustId}`)).body.code).toBe(404);
    const a = await staff.post('/api/workflow/Engine/FlowTask', { flowId: flowA, formData: {} });
    const todo = (await boss.api.get('/api/workflow/Engine/FlowBefore/List/1?pageSize=100')).body.data.list as { taskId: string }[];
    expect(todo.some((x) => x.taskId === a.body.data.id)).toBe(true);
    expect((await client(server.url, null).get(`${BASE}?type=1`)).status).toBe(401);
  });
});
