import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, makeUser, tokenFor, type MadeUser } from '../helpers/access';
import { newId } from '../../server/db/ids';
import { createEngine } from '../../server/modules/flow/versions';
import { HANDLE, STATUS } from '../../server/modules/flow';
import type { RawFlowNode } from '../../src/runtime/flow';

/**
 * The flow engine on the server (issue 16 items 2, 5, 7): the product's own templates started,
 * passed, returned, rejected, revived and withdrawn through the API by the users whose to-do it
 * is; the initiator's superior, chosen users and the administrators as approvers; counter-signing;
 * two approvers at once; nobody else sees or acts on a flow. SQLite and PostgreSQL.
 */
const FLOWS = join(process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../shared/corpus'), 'flows');
const corpus = (file: string) => JSON.parse(readFileSync(join(FLOWS, file), 'utf8')) as RawFlowNode;

let server: TestServer;
let admin: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;
let manager: MadeUser & { api: ReturnType<typeof client> };
let colleague: MadeUser & { api: ReturnType<typeof client> };
let stranger: ReturnType<typeof client>;
let adminId: string;
let staffId: string;

async function addEngine(enCode: string, template: RawFlowNode): Promise<string> {
  return createEngine(server.database.db, { enCode, fullName: enCode, template });
}
const approver = (nodeId: string, properties: Record<string, unknown>, childNode: RawFlowNode | null = null): RawFlowNode => ({
  type: 'approver', nodeId, properties: { title: nodeId, approvers: [], approverPos: [], circulateUser: [], circulatePosition: [], rejectStep: '0', ...properties }, childNode,
});
const start = (child: RawFlowNode): RawFlowNode => ({ type: 'start', nodeId: 'S', properties: { title: '发起人', initiator: [], initiatePos: [] }, childNode: child });
const todo = async (api: ReturnType<typeof client>) => (await api.get('/api/workflow/Engine/FlowBefore/List/1?pageSize=100')).body.data.list as { id: string; taskId: string; title: string }[];
const todoOf = async (api: ReturnType<typeof client>, taskId: string) => (await todo(api)).find((t) => t.taskId === taskId);
const detail = async (api: ReturnType<typeof client>, taskId: string) => (await api.get(`/api/workflow/Engine/FlowBefore/${taskId}`)).body.data;
const launch = async (api: ReturnType<typeof client>, flowId: string, formData: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  const r = await api.post('/api/workflow/Engine/FlowTask', { flowId, formData, ...extra });
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id as string;
};

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  admin = client(server.url, await tokenFor(db, 'admin'));
  staff = client(server.url, await tokenFor(db, 'staff'));
  stranger = client(server.url, await tokenFor(db, 'customer'));
  const m = await makeUser(db, 'flowManager');
  const c = await makeUser(db, 'flowColleague');
  manager = { ...m, api: client(server.url, m.token) };
  colleague = { ...c, api: client(server.url, c.token) };
  adminId = (await db.selectFrom('baseUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
  staffId = (await db.selectFrom('baseUser').select('id').where('account', '=', 'staff').executeTakeFirstOrThrow()).id;
  // the initiator's superior (assigneeType 1)
  await db.updateTable('baseUser').set({ managerId: manager.userId }).where('id', '=', staffId).execute();
});
afterAll(async () => {
  await server?.close();
});

describe('请假申请 (the product’s template, as it is)', () => {
  let flowId: string;
  beforeAll(async () => {
    flowId = await addEngine('leaveApply', corpus('leaveApply.flow.json'));
  });

  it('goes to the initiator’s superior, then (over 3 days) to 老板审批 and 人事审批, whose users this platform lacks: the administrators; then it is approved', async () => {
    const taskId = await launch(staff, flowId, { leaveDayCount: 5 }, { flowTitle: '张运营的请假' });
    expect((await todoOf(stranger, taskId))).toBeUndefined();
    const first = await todoOf(manager.api, taskId);
    expect(first?.title).toBe('张运营的请假');
    // the manager's flow message arrived
    const inbox = await manager.api.get('/api/message?type=2&pageSize=50');
    expect(inbox.body.data.list.map((m: { title: string }) => m.title)).toContain('【待办】张运营的请假');
    expect((await manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${first!.id}`, { handleOpinion: '同意' })).body.code).toBe(200);
    for (const step of ['老板审批', '人事审批']) {
      const d = await detail(admin, taskId);
      expect(d.todo?.nodeName).toBe(step);
      expect((await admin.post(`/api/workflow/Engine/FlowBefore/Audit/${d.todo.operatorId}`, {})).body.code).toBe(200);
    }
    const done = await detail(staff, taskId);
    expect(done.task.status).toBe(STATUS.adopt);
    expect(done.records.map((r: { handleStatus: number; nodeName: string }) => `${r.handleStatus}:${r.nodeName}`)).toEqual(['2:发起人', '1:主管审批', '1:老板审批', '1:人事审批']);
    expect(done.records[1].opinion).toBe('同意');
    const mine = await staff.get('/api/message?type=2&pageSize=50');
    expect(mine.body.data.list.map((m: { title: string }) => m.title)).toContain('【已通过】张运营的请假');
    // the done list of the manager holds it
    const doneList = (await manager.api.get('/api/workflow/Engine/FlowBefore/List/2')).body.data.list;
    expect(doneList.map((t: { taskId: string }) => t.taskId)).toContain(taskId);
  });

  it('up to 3 days skips 老板审批', async () => {
    const taskId = await launch(staff, flowId, { leaveDayCount: 2 });
    const first = await todoOf(manager.api, taskId);
    await manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${first!.id}`, {});
    expect((await detail(admin, taskId)).todo.nodeName).toBe('人事审批');
  });

  it('a return goes to the step the node names (rejectStep 1: the previous approver), who passes it again', async () => {
    const taskId = await launch(staff, flowId, { leaveDayCount: 5 });
    await manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todoOf(manager.api, taskId))!.id}`, {});
    const boss = await detail(admin, taskId);
    expect(boss.todo.returnTargets.fallback).toBe('Ob2');
    expect((await admin.post(`/api/workflow/Engine/FlowBefore/Reject/${boss.todo.operatorId}`, { rejectType: 'return', handleOpinion: '请补充说明' })).body.code).toBe(200);
    const again = await todoOf(manager.api, taskId);
    expect(again).toBeDefined();
    expect((await detail(admin, taskId)).todo).toBeNull();
    // an old to-do cannot be acted on again
    expect((await admin.post(`/api/workflow/Engine/FlowBefore/Audit/${boss.todo.operatorId}`, {})).body.code).not.toBe(200);
  });
});

describe('returned to the initiator, rejected, revived, withdrawn', () => {
  let flowId: string;
  beforeAll(async () => {
    flowId = await addEngine('twoSteps', start(approver('A', { assigneeType: 1 }, approver('B', { assigneeType: 6, approvers: [] }))));
  });

  it('a return to the start waits for the initiator, who edits and resubmits', async () => {
    const taskId = await launch(staff, flowId, { amount: 1 });
    const t = await todoOf(manager.api, taskId);
    await manager.api.post(`/api/workflow/Engine/FlowBefore/Reject/${t!.id}`, { rejectType: 'return', rejectStep: 'S' });
    expect((await detail(staff, taskId)).task.thisStep).toBe('发起人');
    expect((await staff.post(`/api/workflow/Engine/FlowTask/${taskId}/Actions/Submit`, { formData: { amount: 2 } })).body.code).toBe(200);
    const d = await detail(staff, taskId);
    expect(d.formData).toEqual({ amount: 2 });
    expect(d.task.thisStep).toBe('A');
    expect(d.records.map((r: { handleStatus: number }) => r.handleStatus)).toEqual([HANDLE.initiate, HANDLE.return, HANDLE.initiate]);
  });

  it('a rejection ends the flow (status 3); the initiator revives it (handle 9)', async () => {
    const taskId = await launch(staff, flowId, {});
    await manager.api.post(`/api/workflow/Engine/FlowBefore/Reject/${(await todoOf(manager.api, taskId))!.id}`, { rejectType: 'reject', handleOpinion: '不同意' });
    expect((await detail(staff, taskId)).task.status).toBe(STATUS.reject);
    expect((await staff.post(`/api/workflow/Engine/FlowTask/${taskId}/Actions/Submit`, { formData: {} })).body.code).toBe(200);
    const d = await detail(staff, taskId);
    expect(d.task.status).toBe(STATUS.wait);
    expect(d.records.at(-1).handleStatus).toBe(HANDLE.revive);
  });

  it('the initiator withdraws before anyone acts (status 4), not after', async () => {
    const early = await launch(staff, flowId, {});
    expect((await staff.post(`/api/workflow/Engine/FlowLaunch/Withdraw/${early}`)).body.code).toBe(200);
    expect((await detail(staff, early)).task.status).toBe(STATUS.revoke);
    expect(await todoOf(manager.api, early)).toBeUndefined();
    const late = await launch(staff, flowId, {});
    await manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todoOf(manager.api, late))!.id}`, {});
    const refused = await staff.post(`/api/workflow/Engine/FlowLaunch/Withdraw/${late}`);
    expect(refused.body.code).not.toBe(200);
    expect(refused.body.msg).toBe('审批人已处理，不能撤回');
  });

  it('nobody but its people sees a flow or acts on a to-do', async () => {
    const taskId = await launch(staff, flowId, {});
    expect((await stranger.get(`/api/workflow/Engine/FlowBefore/${taskId}`)).status).toBe(404);
    const t = await todoOf(manager.api, taskId);
    expect((await stranger.post(`/api/workflow/Engine/FlowBefore/Audit/${t!.id}`, {})).status).toBe(404);
    expect((await colleague.api.post(`/api/workflow/Engine/FlowLaunch/Withdraw/${taskId}`)).status).toBe(404);
    expect((await admin.get(`/api/workflow/Engine/FlowBefore/${taskId}`)).status).toBe(200);
  });
});

describe('several approvers on one node', () => {
  it('或签: two approvers pass at the same moment: exactly one wins, the flow moves once', async () => {
    const flowId = await addEngine('anyOfTwo', start(approver('A', { assigneeType: 6, approvers: [manager.userId, colleague.userId] }, approver('B', { assigneeType: 3 }))));
    for (let round = 0; round < 5; round++) {
      const taskId = await launch(staff, flowId, {});
      const [a, b] = [await todoOf(manager.api, taskId), await todoOf(colleague.api, taskId)];
      const replies = await Promise.all([manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${a!.id}`, {}), colleague.api.post(`/api/workflow/Engine/FlowBefore/Audit/${b!.id}`, {})]);
      expect(replies.map((r) => r.body.code === 200).filter(Boolean)).toHaveLength(1);
      const d = await detail(staff, taskId);
      expect(d.records.filter((r: { handleStatus: number }) => r.handleStatus === HANDLE.pass)).toHaveLength(1);
      expect(d.task.thisStep).toBe('B');
      // the loser's to-do is closed
      expect(await todoOf(manager.api, taskId)).toBeUndefined();
      expect(await todoOf(colleague.api, taskId)).toBeUndefined();
    }
  });

  it('会签: the node waits for every approver', async () => {
    const flowId = await addEngine('allOfTwo', start(approver('A', { assigneeType: 6, approvers: [manager.userId, colleague.userId], counterSign: 1 }, approver('B', { assigneeType: 3 }))));
    const taskId = await launch(staff, flowId, {});
    await manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todoOf(manager.api, taskId))!.id}`, {});
    expect((await detail(staff, taskId)).task.thisStep).toBe('A');
    await colleague.api.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todoOf(colleague.api, taskId))!.id}`, {});
    expect((await detail(staff, taskId)).task.thisStep).toBe('B');
  });

  it('an entrust in force gives the to-do to the delegate, marked as delegated', async () => {
    const flowId = await addEngine('entrusted', start(approver('A', { assigneeType: 6, approvers: [manager.userId] })));
    await server.database.db.insertInto('flowDelegate').values({ id: newId(), userId: manager.userId, toUserId: colleague.userId, engineIds: JSON.stringify([flowId]), startTime: Date.now() - 1000, endTime: Date.now() + 60_000, description: null, createdAt: Date.now() }).execute();
    const taskId = await launch(staff, flowId, {});
    expect(await todoOf(manager.api, taskId)).toBeUndefined();
    const list = (await colleague.api.get('/api/workflow/Engine/FlowBefore/List/1')).body.data.list;
    expect(list.find((t: { taskId: string }) => t.taskId === taskId)?.delegatedFrom).toBe(manager.userId);
  });
});

describe('every template the product saved', () => {
  it('starts and runs to approval, each to-do acted on by whoever holds it', async () => {
    const users = { [adminId]: admin, [staffId]: staff, [manager.userId]: manager.api };
    const files = readdirSync(FLOWS).filter((f) => f.endsWith('.flow.json'));
    expect(files).toHaveLength(45);
    for (const file of files) {
      const flowId = await addEngine(`corpus.${file.replace('.flow.json', '')}`, corpus(file));
      // two templates limit who may start them to users this platform lacks: the administrator may
      const taskId = await launch(admin, flowId, { leaveDayCount: 1 });
      for (let i = 0; i < 10; i++) {
        const ops = await server.database.db.selectFrom('flowOperator').select(['id', 'userId']).where('taskId', '=', taskId).where('state', '=', 0).execute();
        if (ops.length === 0) break;
        const r = await users[ops[0]!.userId]!.post(`/api/workflow/Engine/FlowBefore/Audit/${ops[0]!.id}`, {});
        expect(r.body.code, `${file}: ${JSON.stringify(r.body)}`).toBe(200);
      }
      expect((await detail(admin, taskId)).task.status, file).toBe(STATUS.adopt);
    }
  });

  it('refuses to start a flow limited to others', async () => {
    const flowId = await addEngine('vehicleOnly', corpus('vehicleApply.flow.json'));
    const r = await staff.post('/api/workflow/Engine/FlowTask', { flowId, formData: {} });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('您不能发起此流程');
  });
});
