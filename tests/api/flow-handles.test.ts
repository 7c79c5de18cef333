import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { buildApp } from '../../server/app';
import { client, makeUser, tokenFor } from '../helpers/access';
import { newId } from '../../server/db/ids';
import { bumpAccessVersion } from '../../server/auth/access-version';
import { createEngine } from '../../server/modules/flow/versions';
import { HANDLE, STATUS } from '../../server/modules/flow';
import { runDueTimers } from '../../server/modules/flow/timers';
import { startLeasedJob, takeLease } from '../../server/jobs/lease';
import type { RawFlowNode } from '../../src/runtime/flow';

/**
 * Transfer, add-sign, assign, change approver, cancel, the monitor, timers and the flow print
 * (issue 16 items 2, 5, 6; docs/FLOWS.md): each action by whom it belongs to, refused to anyone
 * else, its messages, its effect on the walk; a transfer racing a pass; timers run by an injected
 * clock, two runners at once; the print's approval history. SQLite and PostgreSQL.
 */
type Api = ReturnType<typeof client>;
interface Person { id: string; api: Api }

let server: TestServer;
let staff: Person;
let manager: Person;
let colleague: Person;
let third: Person;
let supervisor: Person;
let supervisorToken: string;
let stranger: Api;
let adminId: string;

const db = () => server.database.db;
const approver = (nodeId: string, properties: Record<string, unknown>, childNode: RawFlowNode | null = null): RawFlowNode => ({
  type: 'approver', nodeId, properties: { title: nodeId, approvers: [], approverPos: [], circulateUser: [], circulatePosition: [], rejectStep: '0', ...properties }, childNode,
});
const start = (child: RawFlowNode): RawFlowNode => ({ type: 'start', nodeId: 'S', properties: { title: '发起人', initiator: [], initiatePos: [] }, childNode: child });
const addEngine = (template: RawFlowNode) => createEngine(db(), { enCode: `h${newId().slice(-8)}`, fullName: '测试流程', template });
const todoOf = async (api: Api, taskId: string) => ((await api.get('/api/workflow/Engine/FlowBefore/List/1?pageSize=100')).body.data.list as { id: string; taskId: string }[]).find((t) => t.taskId === taskId);
const detail = async (api: Api, taskId: string) => (await api.get(`/api/workflow/Engine/FlowBefore/${taskId}`)).body.data;
const inbox = async (api: Api) => ((await api.get('/api/message?type=2&pageSize=100')).body.data.list as { title: string }[]).map((m) => m.title);
const handles = async (taskId: string) => (await detail(staff.api, taskId)).records.map((r: { handleStatus: number }) => r.handleStatus);
let seq = 0;
const launch = async (flowId: string) => {
  const title = `审批${++seq}-${newId().slice(-6)}`;
  const r = await staff.api.post('/api/workflow/Engine/FlowTask', { flowId, formData: { amount: 3 }, flowTitle: title });
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return { taskId: r.body.data.id as string, title };
};
const person = async (account: string): Promise<Person> => {
  const u = await makeUser(db(), account);
  return { id: u.userId, api: client(server.url, u.token) };
};

beforeAll(async () => {
  server = await startTestServer();
  staff = { id: (await db().selectFrom('baseUser').select('id').where('account', '=', 'staff').executeTakeFirstOrThrow()).id, api: client(server.url, await tokenFor(db(), 'staff')) };
  adminId = (await db().selectFrom('baseUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
  stranger = client(server.url, await tokenFor(db(), 'customer'));
  manager = await person('hManager');
  colleague = await person('hColleague');
  third = await person('hThird');
  const s = await makeUser(db(), 'hSupervisor');
  supervisor = { id: s.userId, api: client(server.url, s.token) };
  supervisorToken = s.token;
  await db().insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: s.roleId, itemType: 'api', itemId: 'workflow.task:manage' }).execute();
  await bumpAccessVersion(db());
});
afterAll(async () => {
  await server?.close();
});

describe('transfer (handle 7)', () => {
  let flowId: string;
  beforeAll(async () => {
    flowId = await addEngine(start(approver('A', { assigneeType: 6, approvers: [manager.id] })));
  });

  it('hands the to-do to another user, who is told and whose pass completes the flow', async () => {
    const { taskId, title } = await launch(flowId);
    const op = (await todoOf(manager.api, taskId))!;
    const r = await manager.api.post(`/api/workflow/Engine/FlowBefore/Transfer/${op.id}`, { userId: colleague.id, handleOpinion: '请你处理' });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    expect(await todoOf(manager.api, taskId)).toBeUndefined();
    expect((await manager.api.get('/api/workflow/Engine/FlowBefore/List/2?pageSize=100')).body.data.list.map((t: { taskId: string }) => t.taskId)).toContain(taskId);
    expect(await inbox(colleague.api)).toContain(`【待办】${title}`);
    const mine = (await todoOf(colleague.api, taskId))!;
    expect((await colleague.api.post(`/api/workflow/Engine/FlowBefore/Audit/${mine.id}`, {})).body.code).toBe(200);
    expect((await detail(staff.api, taskId)).task.status).toBe(STATUS.adopt);
    expect(await handles(taskId)).toEqual([HANDLE.initiate, HANDLE.transfer, HANDLE.pass]);
  });

  it('only the to-do’s own approver transfers; never to oneself nor to a disabled user', async () => {
    const { taskId } = await launch(flowId);
    const op = (await todoOf(manager.api, taskId))!;
    expect((await colleague.api.post(`/api/workflow/Engine/FlowBefore/Transfer/${op.id}`, { userId: third.id })).status).toBe(404);
    expect((await stranger.post(`/api/workflow/Engine/FlowBefore/Transfer/${op.id}`, { userId: third.id })).status).toBe(404);
    const self = await manager.api.post(`/api/workflow/Engine/FlowBefore/Transfer/${op.id}`, { userId: manager.id });
    expect(self.body.msg).toBe('不能转交或加签给自己');
    const disabled = await person('hDisabled');
    await db().updateTable('baseUser').set({ enabledMark: 0 }).where('id', '=', disabled.id).execute();
    const off = await manager.api.post(`/api/workflow/Engine/FlowBefore/Transfer/${op.id}`, { userId: disabled.id });
    expect(off.body.msg).toBe('所选用户不存在或已停用');
    expect((await client(server.url, null).post(`/api/workflow/Engine/FlowBefore/Transfer/${op.id}`, { userId: third.id })).body.code).not.toBe(200);
    // still mine
    expect(await todoOf(manager.api, taskId)).toBeDefined();
  });

  it('会签: not to someone who already voted in the round (their vote would count twice)', async () => {
    const allOf = await addEngine(start(approver('A', { assigneeType: 6, approvers: [manager.id, colleague.id], counterSign: 1 })));
    const { taskId } = await launch(allOf);
    await colleague.api.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todoOf(colleague.api, taskId))!.id}`, {});
    const op = (await todoOf(manager.api, taskId))!;
    expect((await manager.api.post(`/api/workflow/Engine/FlowBefore/Transfer/${op.id}`, { userId: colleague.id })).body.msg).toBe('所选用户已是该节点的审批人');
    expect((await manager.api.post(`/api/workflow/Engine/FlowBefore/Transfer/${op.id}`, { userId: third.id })).body.code).toBe(200);
    await third.api.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todoOf(third.api, taskId))!.id}`, {});
    expect((await detail(staff.api, taskId)).task.status).toBe(STATUS.adopt);
  });

  it('a transfer and a pass of the same to-do at once: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const { taskId } = await launch(flowId);
      const op = (await todoOf(manager.api, taskId))!;
      const replies = await Promise.all([
        manager.api.post(`/api/workflow/Engine/FlowBefore/Transfer/${op.id}`, { userId: colleague.id }),
        manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${op.id}`, {}),
      ]);
      expect(replies.map((r) => r.body.code === 200).filter(Boolean)).toHaveLength(1);
      const d = await detail(staff.api, taskId);
      if (replies[0]!.body.code === 200) {
        expect(d.task.status).toBe(STATUS.wait);
        expect(await todoOf(colleague.api, taskId)).toBeDefined();
      } else {
        expect(d.task.status).toBe(STATUS.adopt);
        expect(await todoOf(colleague.api, taskId)).toBeUndefined();
      }
      expect(d.records).toHaveLength(2);
    }
  });
});

describe('add-sign (handle 6)', () => {
  it('或签: the node waits for the added signer, whose pass completes it', async () => {
    const flowId = await addEngine(start(approver('A', { assigneeType: 6, approvers: [manager.id] }, approver('B', { assigneeType: 3 }))));
    const { taskId, title } = await launch(flowId);
    const op = (await todoOf(manager.api, taskId))!;
    expect((await colleague.api.post(`/api/workflow/Engine/FlowBefore/AddSign/${op.id}`, { userIds: [third.id] })).status).toBe(404);
    expect((await manager.api.post(`/api/workflow/Engine/FlowBefore/AddSign/${op.id}`, { userIds: [] })).body.code).not.toBe(200);
    const r = await manager.api.post(`/api/workflow/Engine/FlowBefore/AddSign/${op.id}`, { userIds: [colleague.id], handleOpinion: '请会签' });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    expect((await detail(staff.api, taskId)).task.thisStep).toBe('A');
    expect(await inbox(colleague.api)).toContain(`【待办】${title}`);
    const added = (await todoOf(colleague.api, taskId))!;
    expect((await colleague.api.post(`/api/workflow/Engine/FlowBefore/Audit/${added.id}`, {})).body.code).toBe(200);
    expect((await detail(staff.api, taskId)).task.thisStep).toBe('B');
    expect(await handles(taskId)).toEqual([HANDLE.initiate, HANDLE.addSign, HANDLE.pass]);
  });

  it('会签: the node completes once its own round and the added round have both decided', async () => {
    const flowId = await addEngine(start(approver('A', { assigneeType: 6, approvers: [manager.id, colleague.id], counterSign: 1 }, approver('B', { assigneeType: 3 }))));
    const { taskId } = await launch(flowId);
    const op = (await todoOf(manager.api, taskId))!;
    expect((await manager.api.post(`/api/workflow/Engine/FlowBefore/AddSign/${op.id}`, { userIds: [third.id] })).body.code).toBe(200);
    await colleague.api.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todoOf(colleague.api, taskId))!.id}`, {});
    expect((await detail(staff.api, taskId)).task.thisStep).toBe('A');
    await third.api.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todoOf(third.api, taskId))!.id}`, {});
    expect((await detail(staff.api, taskId)).task.thisStep).toBe('B');
  });
});

describe('supervision (workflow.task:manage): assign, change, cancel, monitor', () => {
  let flowId: string;
  beforeAll(async () => {
    flowId = await addEngine(start(approver('A', { assigneeType: 6, approvers: [manager.id] })));
  });

  it('a plain user is refused every supervisor route', async () => {
    const { taskId } = await launch(flowId);
    const op = (await todoOf(manager.api, taskId))!;
    expect((await manager.api.post(`/api/workflow/Engine/FlowBefore/Assign/${taskId}`, { nodeId: 'A', userId: third.id })).status).toBe(403);
    expect((await manager.api.post(`/api/workflow/Engine/FlowBefore/Change/${op.id}`, { userId: third.id })).status).toBe(403);
    expect((await staff.api.post(`/api/workflow/Engine/FlowBefore/Cancel/${taskId}`, {})).status).toBe(403);
    expect((await staff.api.get('/api/workflow/Engine/FlowMonitor/List')).status).toBe(403);
    expect((await detail(manager.api, taskId)).mayManage).toBe(false);
  });

  it('a supervisor sees any flow with its waiting to-dos, and assigns the node to another user', async () => {
    const { taskId, title } = await launch(flowId);
    const d = await detail(supervisor.api, taskId);
    expect(d.mayManage).toBe(true);
    expect(d.waiting).toEqual([expect.objectContaining({ nodeId: 'A', nodeName: 'A', userId: manager.id, userName: 'hManager', delegatedFrom: null })]);
    const r = await supervisor.api.post(`/api/workflow/Engine/FlowBefore/Assign/${taskId}`, { nodeId: 'A', userId: third.id, handleOpinion: '改由他审' });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    expect(await todoOf(manager.api, taskId)).toBeUndefined();
    expect(await inbox(third.api)).toContain(`【待办】${title}`);
    expect((await supervisor.api.post(`/api/workflow/Engine/FlowBefore/Assign/${taskId}`, { nodeId: 'S', userId: third.id })).body.msg).toBe('该节点不是当前审批节点');
    await third.api.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todoOf(third.api, taskId))!.id}`, {});
    expect((await detail(staff.api, taskId)).task.status).toBe(STATUS.adopt);
    expect(await handles(taskId)).toEqual([HANDLE.initiate, HANDLE.assign, HANDLE.pass]);
  });

  it('changes one waiting approver for another', async () => {
    const { taskId } = await launch(flowId);
    const [w] = (await detail(supervisor.api, taskId)).waiting;
    expect((await supervisor.api.post(`/api/workflow/Engine/FlowBefore/Change/${w.operatorId}`, { userId: manager.id })).body.msg).toBe('新审批人与原审批人相同');
    expect((await supervisor.api.post(`/api/workflow/Engine/FlowBefore/Change/${w.operatorId}`, { userId: colleague.id })).body.code).toBe(200);
    expect(await todoOf(manager.api, taskId)).toBeUndefined();
    expect(await todoOf(colleague.api, taskId)).toBeDefined();
    expect((await detail(supervisor.api, taskId)).waiting.map((x: { userId: string }) => x.userId)).toEqual([colleague.id]);
    expect(await handles(taskId)).toEqual([HANDLE.initiate, HANDLE.change]);
  });

  it('cancels a running flow (status 5); the initiator is told; it cannot be cancelled twice', async () => {
    const { taskId, title } = await launch(flowId);
    const r = await supervisor.api.post(`/api/workflow/Engine/FlowBefore/Cancel/${taskId}`, { handleOpinion: '重复申请' });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    const d = await detail(staff.api, taskId);
    expect(d.task.status).toBe(STATUS.cancel);
    expect(d.waiting).toEqual([]);
    expect(d.records.at(-1)).toMatchObject({ handleStatus: HANDLE.terminate, opinion: '重复申请', userId: supervisor.id });
    expect(await todoOf(manager.api, taskId)).toBeUndefined();
    expect(await inbox(staff.api)).toContain(`【已终止】${title}`);
    expect((await supervisor.api.post(`/api/workflow/Engine/FlowBefore/Cancel/${taskId}`, {})).body.msg).toBe('流程不在审批中');
    // the body is optional: a bare POST is read as one without an opinion
    const bare = await fetch(`${server.url}/api/workflow/Engine/FlowBefore/Cancel/${taskId}`, { method: 'POST', headers: { authorization: `Bearer ${supervisorToken}` } });
    expect(((await bare.json()) as { msg: string }).msg).toBe('流程不在审批中');
  });

  it('lists every flow with filters, the initiator named', async () => {
    const { taskId } = await launch(flowId);
    const all = (await supervisor.api.get(`/api/workflow/Engine/FlowMonitor/List?flowId=${flowId}&pageSize=100`)).body.data;
    expect(all.list.length).toBeGreaterThanOrEqual(4);
    expect(all.list[0]).toMatchObject({ id: taskId, creatorName: expect.any(String), status: STATUS.wait, flowName: '测试流程' });
    const cancelled = (await supervisor.api.get(`/api/workflow/Engine/FlowMonitor/List?flowId=${flowId}&status=5`)).body.data.list;
    expect(cancelled.every((t: { status: number }) => t.status === STATUS.cancel)).toBe(true);
    expect(cancelled.length).toBeGreaterThanOrEqual(1);
    const none = (await supervisor.api.get(`/api/workflow/Engine/FlowMonitor/List?flowId=${flowId}&startTime=${Date.now() + 60_000}`)).body.data;
    expect(none.pagination.total).toBe(0);
  });
});

describe('timers (approver property timeLimit)', () => {
  const hub = () => server.app.realtime;

  it('reminds while a node waits, then at its limit passes it as the first administrator; two runners at once act once', async () => {
    const flowId = await addEngine(start(approver('A', { assigneeType: 6, approvers: [manager.id], timeLimit: { hours: 1, remindEveryHours: 0.25, onTimeout: 'pass' } })));
    const { taskId, title } = await launch(flowId);
    const timers = await db().selectFrom('flowTimer').selectAll().where('taskId', '=', taskId).orderBy('dueAt').execute();
    expect(timers.map((t) => t.kind)).toEqual(['remind', 'timeout']);
    const t0 = Number(timers[0]!.createdAt);
    const first = await runDueTimers(db(), hub(), t0 + 16 * 60_000);
    expect(first.filter((o) => timers.some((t) => t.id === o.timerId))).toEqual([{ timerId: timers[0]!.id, did: 'remind' }]);
    expect(await inbox(manager.api)).toContain(`【催办】${title}`);
    // the next reminder is a row of its own; both runners at the limit: each timer acted on once
    const late = t0 + 2 * 3600_000;
    const [a, b] = await Promise.all([runDueTimers(db(), hub(), late), runDueTimers(db(), hub(), late)]);
    const mine = [...a, ...b].filter((o) => o.timerId !== timers[0]!.id);
    const ids = mine.map((o) => o.timerId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(mine.filter((o) => o.did === 'pass')).toHaveLength(1);
    const d = await detail(staff.api, taskId);
    expect(d.task.status).toBe(STATUS.adopt);
    expect(d.records.at(-1)).toMatchObject({ handleStatus: HANDLE.pass, userId: adminId, opinion: '审批超时，系统自动处理' });
    expect(await db().selectFrom('flowTimer').select('id').where('taskId', '=', taskId).where('doneAt', 'is', null).execute()).toEqual([]);
    // a third runner finds nothing left
    expect((await runDueTimers(db(), hub(), late + 3600_000)).filter((o) => ids.includes(o.timerId))).toEqual([]);
  });

  it('a node that times out with return goes back to its rejectStep; a node left in time sets nothing off', async () => {
    const flowId = await addEngine(start(approver('A', { assigneeType: 6, approvers: [manager.id] }, approver('B', { assigneeType: 6, approvers: [colleague.id], timeLimit: { hours: 1, onTimeout: 'return' } }))));
    const late = Date.now() + 2 * 3600_000;
    const { taskId, title } = await launch(flowId);
    await manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todoOf(manager.api, taskId))!.id}`, {});
    const left = await launch(flowId);
    await manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todoOf(manager.api, left.taskId))!.id}`, {});
    await colleague.api.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todoOf(colleague.api, left.taskId))!.id}`, {});
    const leftTimers = (await db().selectFrom('flowTimer').select('id').where('taskId', '=', left.taskId).execute()).map((t) => t.id);
    expect(leftTimers).toHaveLength(1);
    const outcomes = await runDueTimers(db(), hub(), late);
    expect(outcomes.filter((o) => leftTimers.includes(o.timerId))).toEqual([]);
    const d = await detail(staff.api, taskId);
    expect(d.task.thisStep).toBe('发起人');
    expect(d.records.at(-1)).toMatchObject({ handleStatus: HANDLE.return, userId: adminId });
    expect(await inbox(staff.api)).toContain(`【已退回】${title}`);
  });

  it('a timeout and the approver’s pass at once: the node passes once', async () => {
    const flowId = await addEngine(start(approver('A', { assigneeType: 6, approvers: [manager.id], timeLimit: { hours: 1, onTimeout: 'pass' } }, approver('B', { assigneeType: 3 }))));
    for (let round = 0; round < 3; round++) {
      const { taskId } = await launch(flowId);
      const op = (await todoOf(manager.api, taskId))!;
      await Promise.all([runDueTimers(db(), hub(), Date.now() + 2 * 3600_000), manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${op.id}`, {})]);
      const d = await detail(staff.api, taskId);
      expect(d.records.filter((r: { handleStatus: number; nodeId: string }) => r.handleStatus === HANDLE.pass && r.nodeId === 'A')).toHaveLength(1);
      expect(d.task.thisStep).toBe('B');
    }
  });

  it('the server runs the timers under the job lease from its start', async () => {
    await expect.poll(async () => (await db().selectFrom('jobLease').select('holder').where('name', '=', 'flow.timers').executeTakeFirst())?.holder ?? '', { timeout: 10_000 }).toContain(`:${process.pid}:`);
  });

  it('survives a restart: a timer that fell due while no server ran acts when the next one starts', async () => {
    const flowId = await addEngine(start(approver('A', { assigneeType: 6, approvers: [manager.id], timeLimit: { hours: 1, onTimeout: 'pass' } })));
    const { taskId } = await launch(flowId);
    // the hour has passed while the server was down, and its lease lapsed
    await db().updateTable('flowTimer').set({ dueAt: Date.now() - 1000 }).where('taskId', '=', taskId).execute();
    await db().updateTable('jobLease').set({ until: 0 }).where('name', '=', 'flow.timers').execute();
    const next = await buildApp({ config: server.config, database: server.database, logger: false });
    try {
      await next.ready();
      await expect.poll(async () => (await detail(staff.api, taskId)).task.status, { timeout: 10_000 }).toBe(STATUS.adopt);
    } finally {
      await next.close();
    }
  });

  it('the runner’s lease: one holder at a time; another takes it once it lapses or is given up', async () => {
    const now = Date.now();
    const [x, y] = await Promise.all([takeLease(db(), 'test.lease', 'p1', 1000, now), takeLease(db(), 'test.lease', 'p2', 1000, now)]);
    expect([x, y].filter(Boolean)).toHaveLength(1);
    const holder = x ? 'p1' : 'p2';
    const other = x ? 'p2' : 'p1';
    expect(await takeLease(db(), 'test.lease', holder, 1000, now + 500)).toBe(true);
    expect(await takeLease(db(), 'test.lease', other, 1000, now + 900)).toBe(false);
    expect(await takeLease(db(), 'test.lease', other, 1000, now + 1600)).toBe(true);
    // a job runs only while its process holds the lease
    let clock = now + 10_000;
    const ran: string[] = [];
    const one = startLeasedJob({ db: db(), name: 'test.job', everyMs: 3_600_000, ttlMs: 1000, clock: () => clock, run: async () => void ran.push('one') });
    const two = startLeasedJob({ db: db(), name: 'test.job', everyMs: 3_600_000, ttlMs: 1000, clock: () => clock, run: async () => void ran.push('two') });
    await one.tick();
    await two.tick();
    expect(ran).toEqual(['one']);
    await one.stop();
    clock += 10;
    await two.tick();
    expect(ran).toEqual(['one', 'two']);
    await two.stop();
  });
});

describe('print (type 1 templates, systemApprovalContent)', () => {
  it('fills the flow and its approval history, for whoever sees the flow', async () => {
    const flowId = await addEngine(start(approver('A', { assigneeType: 6, approvers: [manager.id] })));
    const { taskId, title } = await launch(flowId);
    await manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todoOf(manager.api, taskId))!.id}`, { handleOpinion: '同意报销' });
    const html = '<h2>{{flowTitle}}</h2><p>{{amount}}</p><table><tbody><tr data-print-rows="systemApprovalContent"><td>{{systemApprovalContent.nodeName}}</td><td>{{systemApprovalContent.userName}}</td><td>{{systemApprovalContent.handleName}}</td><td>{{systemApprovalContent.opinion}}</td><td>{{systemApprovalContent.time}}</td></tr></tbody></table>';
    const base = { fullNameI18n: null, category: 'sales', formId: 'any-model', templateHtml: html, paperSize: 'A4', orientation: 'portrait', margins: '[10,10,10,10]', sortCode: 0, enabledMark: 1, description: null, createdAt: Date.now(), createdBy: null, updatedAt: null, updatedBy: null };
    await db().insertInto('basePrintDev').values([{ ...base, id: 'flow-print-1', fullName: '流程打印', enCode: 'flowPrintTest', type: 1 }, { ...base, id: 'form-print-1', fullName: '表单打印', enCode: 'formPrintTest', type: 2 }]).execute();
    const r = await staff.api.get(`/api/workflow/Engine/FlowBefore/${taskId}/Print?templateId=flow-print-1`);
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    const rows = r.body.data.record.tables.systemApprovalContent as { nodeName: string; userName: string; handleName: string; opinion: string; time: string }[];
    expect(rows.map((x) => x.handleName)).toEqual(['发起', '同意']);
    expect(rows[1]).toMatchObject({ nodeName: 'A', userName: 'hManager', opinion: '同意报销', time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(r.body.data.html).toContain(`<h2>${title}</h2>`);
    expect(r.body.data.html).toContain('<td>同意报销</td>');
    expect(r.body.data.html).toContain('<p>3</p>');
    expect((await stranger.get(`/api/workflow/Engine/FlowBefore/${taskId}/Print?templateId=flow-print-1`)).status).toBe(404);
    expect((await staff.api.get(`/api/workflow/Engine/FlowBefore/${taskId}/Print?templateId=form-print-1`)).body.msg).toBe('该打印模板不是此流程的流程打印模板');
    const en = await client(server.url, await tokenFor(db(), 'staff'), 'en').get(`/api/workflow/Engine/FlowBefore/${taskId}/Print?templateId=flow-print-1`);
    expect(en.body.data.record.tables.systemApprovalContent[1].handleName).toBe('Approved');
  });
});
