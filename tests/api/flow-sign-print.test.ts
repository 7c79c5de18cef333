import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, makeUser, tokenFor } from '../helpers/access';
import { newId } from '../../server/db/ids';
import { createEngine } from '../../server/modules/flow/versions';
import type { RawFlowNode } from '../../src/runtime/flow';

/**
 * Signing the flow history with one's own profile signature (pass, return, reject), and the
 * detail's print: the flow print templates a flow may use and the demo 审批单 filled with the
 * approval history (issue 16 items 2 and 6; docs/FLOWS.md). SQLite and PostgreSQL.
 */
type Api = ReturnType<typeof client>;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG2 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let server: TestServer;
let staff: Api;
let stranger: Api;
let manager: { id: string; api: Api };
let other: { id: string; api: Api };
const db = () => server.database.db;

const approver = (nodeId: string, userId: string, childNode: RawFlowNode | null = null): RawFlowNode => ({
  type: 'approver', nodeId, properties: { title: nodeId, assigneeType: 6, approvers: [userId], approverPos: [], circulateUser: [], circulatePosition: [], rejectStep: '0' }, childNode,
});
const start = (child: RawFlowNode): RawFlowNode => ({ type: 'start', nodeId: 'S', properties: { title: '发起人', initiator: [], initiatePos: [] }, childNode: child });
const addEngine = (template: RawFlowNode) => createEngine(db(), { enCode: `s${newId().slice(-8)}`, fullName: '签名流程', template });
const launch = async () => {
  const flowId = await addEngine(start(approver('A', manager.id, approver('B', manager.id))));
  const r = await staff.post('/api/workflow/Engine/FlowTask', { flowId, formData: { amount: 3 }, flowTitle: `签名-${newId().slice(-6)}` });
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id as string;
};
const todoOf = async (taskId: string) => ((await manager.api.get('/api/workflow/Engine/FlowBefore/List/1?pageSize=100')).body.data.list as { id: string; taskId: string }[]).find((t) => t.taskId === taskId)!.id;
const records = async (taskId: string) => (await staff.get(`/api/workflow/Engine/FlowBefore/${taskId}`)).body.data.records as { handleStatus: number; signImg: string | null; userName: string }[];
const addSign = async (api: Api, png: string) => {
  const r = await api.post('/api/permission/Users/Current/SignImg', { signImg: png });
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id as string;
};

beforeAll(async () => {
  server = await startTestServer();
  staff = client(server.url, await tokenFor(db(), 'staff'));
  stranger = client(server.url, await tokenFor(db(), 'customer'));
  const m = await makeUser(db(), 'sManager');
  manager = { id: m.userId, api: client(server.url, m.token) };
  const o = await makeUser(db(), 'sOther');
  other = { id: o.userId, api: client(server.url, o.token) };
});
afterAll(async () => {
  await server?.close();
});

describe('signing the history', () => {
  it('a pass with my signature stores its image in the record; the detail returns it; unsigned records carry null', async () => {
    const mine = await addSign(manager.api, PNG);
    const taskId = await launch();
    const r = await manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${await todoOf(taskId)}`, { handleOpinion: '同意', signImgId: mine });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    const [initiate, pass] = await records(taskId);
    expect(initiate!.signImg).toBeNull();
    expect(pass).toMatchObject({ handleStatus: 1, signImg: PNG });
    // deleting the signature later leaves the signed record as it was (a copy, not a reference)
    expect((await manager.api.del(`/api/permission/Users/Current/${mine}/SignImg`)).body.code).toBe(200);
    expect((await records(taskId))[1]!.signImg).toBe(PNG);
    // the return signs too; without signImgId the record is unsigned
    const second = await addSign(manager.api, PNG2);
    expect((await manager.api.post(`/api/workflow/Engine/FlowBefore/Reject/${await todoOf(taskId)}`, { rejectType: 'return', rejectStep: 'A', signImgId: second })).body.code).toBe(200);
    expect((await records(taskId))[2]).toMatchObject({ handleStatus: 0, signImg: PNG2 });
    expect((await manager.api.post(`/api/workflow/Engine/FlowBefore/Reject/${await todoOf(taskId)}`, { rejectType: 'reject' })).body.code).toBe(200);
    expect((await records(taskId))[3]!.signImg).toBeNull();
  });

  it("another user's signature, or none that exists, is refused and the to-do stays waiting", async () => {
    const theirs = await addSign(other.api, PNG);
    const taskId = await launch();
    const op = await todoOf(taskId);
    for (const signImgId of [theirs, 'no-such-signature']) {
      const r = await manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${op}`, { signImgId });
      expect(r.body.code).toBe(400);
      expect(r.body.msg).toBe('只能用自己的签名');
    }
    const en = await client(server.url, await tokenFor(db(), 'sManager'), 'en').post(`/api/workflow/Engine/FlowBefore/Reject/${op}`, { rejectType: 'reject', signImgId: theirs });
    expect(en.body.msg).toBe('You can only sign with your own signature');
    expect((await records(taskId)).map((x) => x.handleStatus)).toEqual([2]);
    expect(await todoOf(taskId)).toBe(op);
  });
});

describe('print from the detail', () => {
  it('lists the enabled type-1 templates the flow may use (of its model when it has one), to whoever sees the flow', async () => {
    const taskId = await launch();
    const list = (await staff.get(`/api/workflow/Engine/FlowBefore/${taskId}/PrintTemplates`)).body.data as { id: string; fullName: string }[];
    expect(list).toEqual([{ id: 'demo-flow-print', fullName: '审批单' }]);
    const en = await client(server.url, await tokenFor(db(), 'staff'), 'en').get(`/api/workflow/Engine/FlowBefore/${taskId}/PrintTemplates`);
    expect(en.body.data).toEqual([{ id: 'demo-flow-print', fullName: 'Approval sheet' }]);
    expect((await stranger.get(`/api/workflow/Engine/FlowBefore/${taskId}/PrintTemplates`)).status).toBe(404);
    // a flow filling another model: the demo template (of 差旅报销's model) is not offered
    const task = await db().selectFrom('flowTask').select('engineId').where('id', '=', taskId).executeTakeFirstOrThrow();
    await db().updateTable('flowEngine').set({ modelId: 'some-other-model' }).where('id', '=', task.engineId).execute();
    expect((await staff.get(`/api/workflow/Engine/FlowBefore/${taskId}/PrintTemplates`)).body.data).toEqual([]);
  });

  it('the demo 审批单 prints the flow and its approval rows', async () => {
    const taskId = await launch();
    await manager.api.post(`/api/workflow/Engine/FlowBefore/Audit/${await todoOf(taskId)}`, { handleOpinion: '同意打印' });
    const r = await staff.get(`/api/workflow/Engine/FlowBefore/${taskId}/Print?templateId=demo-flow-print`);
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    const html = r.body.data.html as string;
    expect(html).toContain('<h2>审批单</h2>');
    expect(html).toContain('sManager');
    expect(html).toContain('同意打印');
    // 4 heading rows, the approval table's head, one row per record (发起, 同意)
    expect(html.match(/<tr\b/g)!.length).toBe(4 + 1 + 2);
  });
});
