import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';
import type { RawFlowNode } from '../../src/runtime/flow';
import { CORPUS_FLOWS } from '../../src/runtime/flow/corpus-flows';

/**
 * Flow definitions (issue 16 item 1): the engines' administration under workflow.engine:manage
 * (list, detail, create, metadata, versions, enable, delete, import of a product template),
 * templates that cannot run refused with the node and the reason, versions (a running task keeps
 * its own), the bound model's validation at launch, and the flow demo's 45 engines. SQLite and PostgreSQL.
 */
const FLOWS = join(import.meta.dirname, '../../schemas/flows');
const corpusText = (enCode: string) => readFileSync(join(FLOWS, `${enCode}.flow.json`), 'utf8');
const corpus = (enCode: string) => JSON.parse(corpusText(enCode)) as RawFlowNode;
const BASE = '/api/workflow/Engine/FlowEngine';

let server: TestServer;
let admin: ReturnType<typeof client>;
let adminEn: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;
let manager: ReturnType<typeof client>;
let finance: ReturnType<typeof client>;

const upload = async (text: string, fileName: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([text], { type: 'application/json' }), fileName);
  const res = await fetch(`${server.url}${BASE}/Actions/Import`, { method: 'POST', headers: { authorization: `Bearer ${await tokenFor(server.database.db, 'admin')}` }, body: form });
  return (await res.json()) as { code: number; msg: string; data: any };
};
// the keyword drops LIKE's wildcards (_), so the part before a suffix is searched
const engineByCode = async (enCode: string) => (await admin.get(`${BASE}?keyword=${enCode.split('_')[0]}&pageSize=50`)).body.data.list.find((e: { enCode: string }) => e.enCode === enCode) as { id: string; version: number; enabledMark: number; category: string; modelId: string | null };

beforeAll(async () => {
  server = await startTestServer({ flowDemo: true });
  const db = server.database.db;
  admin = client(server.url, await tokenFor(db, 'admin'));
  adminEn = client(server.url, await tokenFor(db, 'admin'), 'en');
  staff = client(server.url, await tokenFor(db, 'staff'));
  manager = client(server.url, await tokenFor(db, 'manager'));
  finance = client(server.url, await tokenFor(db, 'finance'));
});
afterAll(async () => {
  await server?.close();
});

describe('the flow demo', () => {
  it('has the 45 product flows as engines by category, 差旅报销 bound to its model at version 2', async () => {
    const all = (await admin.get(`${BASE}?pageSize=100`)).body.data;
    expect(all.pagination.total).toBe(45);
    const hr = (await admin.get(`${BASE}?pageSize=100&category=${encodeURIComponent('人事')}`)).body.data.list.map((e: { enCode: string }) => e.enCode);
    expect(hr).toEqual(expect.arrayContaining(CORPUS_FLOWS.filter((f) => f.category === '人事').map((f) => f.enCode)));
    const travel = await engineByCode('travelReimbursement');
    expect(travel).toMatchObject({ version: 2, modelId: 'flow-travel-reimbursement', category: '财务' });
    const detail = (await admin.get(`${BASE}/${travel.id}`)).body.data;
    expect(detail.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(detail.template.childNode.childNode.properties.title).toBe('财务审批');
    expect((await admin.get(`${BASE}/${travel.id}/Versions/1`)).body.data.template).toEqual(corpus('travelReimbursement'));
  });

  it('差旅报销: the form is checked with its model before the task is written; manager, then finance approve', async () => {
    const travel = await engineByCode('travelReimbursement');
    const refused = await staff.post('/api/workflow/Engine/FlowTask', { flowId: travel.id, formData: { applyUser: '张运营' } });
    expect(refused.body.code).toBe(400);
    expect(refused.body.data.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['departmental', 'destination', 'setOutDate']));
    expect((await server.database.db.selectFrom('flowTask').select('id').where('engineId', '=', travel.id).execute())).toHaveLength(0);
    const formData = { applyUser: '张运营', departmental: '运营部', businessMission: '拜访客户', setOutDate: '2026-11-01', returnDate: '2026-11-03', destination: '上海', fare: 300, getAccommodation: 450.5, total: 9999 };
    const started = await staff.post('/api/workflow/Engine/FlowTask', { flowId: travel.id, formData });
    expect(started.body.code, started.body.msg).toBe(200);
    const taskId = started.body.data.id as string;
    const todo = async (api: ReturnType<typeof client>) => ((await api.get('/api/workflow/Engine/FlowBefore/List/1?pageSize=100')).body.data.list as { id: string; taskId: string }[]).find((t) => t.taskId === taskId);
    const first = await todo(manager);
    expect(first, 'the department manager approves first').toBeDefined();
    expect((await manager.post(`/api/workflow/Engine/FlowBefore/Audit/${first!.id}`, {})).body.code).toBe(200);
    const second = await todo(finance);
    expect(second, 'finance (会计) approves at 财务审批').toBeDefined();
    expect((await finance.post(`/api/workflow/Engine/FlowBefore/Audit/${second!.id}`, { formData: { reimbursementAmount: 300 } })).body.code).toBe(200);
    const d = (await staff.get(`/api/workflow/Engine/FlowBefore/${taskId}`)).body.data;
    expect(d.task.status).toBe(2);
    expect(d.formData.reimbursementAmount).toBe(300);
    // 合计 is computed by the server, not taken from the form
    expect(d.formData.total).toBe(750.5);
  });
});

describe('engine administration', () => {
  it('is refused to a plain user', async () => {
    expect((await staff.get(BASE)).status).toBe(403);
    expect((await staff.post(BASE, { fullName: 'x', enCode: 'x', template: corpus('applyMeeting') })).status).toBe(403);
  });

  it('creates, changes, versions, disables and deletes an engine (with audit rows)', async () => {
    const created = await admin.post(BASE, { fullName: '会议申请二', enCode: 'meeting2', category: '行政', description: 'd', template: corpus('applyMeeting') });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id as string;
    expect((await admin.post(BASE, { fullName: '重复', enCode: 'meeting2', template: corpus('applyMeeting') })).body.code).toBe(400);
    expect((await admin.put(`${BASE}/${id}`, { fullName: '会议申请(新)', enCode: 'meeting2', category: '行政', modelId: 'no-such-model' })).body.code).toBe(400);
    // a setting left out keeps its value (the category stays 行政)
    expect((await admin.put(`${BASE}/${id}`, { fullName: '会议申请(新)', enCode: 'meeting2' })).body.code).toBe(200);
    const v2 = await admin.post(`${BASE}/${id}/Versions`, { template: corpus('applyBanquet') });
    expect(v2.body.data.version).toBe(2);
    const detail = (await admin.get(`${BASE}/${id}`)).body.data;
    expect(detail.engine).toMatchObject({ fullName: '会议申请(新)', version: 2, category: '行政' });
    expect(detail.template).toEqual(corpus('applyBanquet'));
    expect((await admin.get(`${BASE}/Categories`)).body.data).toContain('行政');
    expect((await admin.put(`${BASE}/${id}/Actions/State`, { enabledMark: 0 })).body.code).toBe(200);
    expect((await staff.get(`${BASE}/${id}/Launch`)).status).toBe(404);
    expect((await staff.post('/api/workflow/Engine/FlowTask', { flowId: id, formData: {} })).body.code).not.toBe(200);
    expect((await admin.put(`${BASE}/${id}/Actions/State`, { enabledMark: 1 })).body.code).toBe(200);
    expect((await admin.get(`${BASE}/${id}/Versions/1`)).body.data.template).toEqual(corpus('applyMeeting'));
    expect((await admin.del(`${BASE}/${id}`)).body.code).toBe(200);
    expect((await admin.get(`${BASE}/${id}`)).status).toBe(404);
    const audit = await server.database.db.selectFrom('baseAuditLog').select(['entity', 'action']).where('entityId', '=', id).orderBy('createdAt').orderBy('id').execute();
    expect(audit.map((a) => `${a.entity}:${a.action}`)).toEqual(['flowEngine:create', 'flowEngine:update', 'flowEngine:update', 'flowEngine:update', 'flowEngine:update', 'flowEngine:delete']);
  });

  it('imports a product template file; a taken code gets _2; the product’s export shape is read too', async () => {
    const first = await upload(corpusText('leaveApply'), 'leaveApply.flow.json');
    expect(first.code, first.msg).toBe(200);
    expect(first.data).toMatchObject({ enCode: 'leaveApply_2', fullName: '请假申请' });
    const row = await engineByCode('leaveApply_2');
    expect(row).toMatchObject({ category: '人事', version: 1 });
    expect((await admin.get(`${BASE}/${row.id}`)).body.data.template).toEqual(corpus('leaveApply'));
    const exported = await upload(JSON.stringify({ F_FullName: '导出的流程', F_EnCode: 'exportedFlow', F_FlowTemplateJson: corpusText('applyMeeting') }), 'export.json', { category: '行政' });
    expect(exported.data).toMatchObject({ enCode: 'exportedFlow', fullName: '导出的流程' });
    expect((await upload('{"a": 1}', 'x.json')).code).toBe(400);
    expect((await upload('not json', 'x.json')).code).toBe(400);
  });

  it('refuses a template that cannot run, naming the node and the reason, in the caller’s language', async () => {
    const bad = corpus('leaveApply');
    const split = bad.childNode!;
    const branch = split.conditionNodes!.find((b) => Number(b.properties!.priority) === 0)!;
    branch.properties!.conditions = [];
    const zh = await admin.post(BASE, { fullName: '坏', enCode: 'badFlow', template: bad });
    expect(zh.body.code).toBe(400);
    expect(zh.body.msg).toContain(`节点「${branch.properties!.title}」(${branch.nodeId})`);
    expect(zh.body.msg).toContain('条件分支没有条件');
    expect(zh.body.data.problems[0]).toMatchObject({ nodeId: branch.nodeId, reason: 'branchWithoutCondition' });
    const noApprover: RawFlowNode = { type: 'start', nodeId: 'S', properties: { title: '发起人' }, childNode: { type: 'approver', nodeId: 'A1', properties: { title: '经理审批', assigneeType: 6, approvers: [], approverPos: [] } } };
    const en = await adminEn.post(BASE, { fullName: 'bad', enCode: 'badFlow', template: noApprover });
    expect(en.body.msg).toBe('The flow template cannot run: Node "经理审批" (A1): the approver node names no user and no position');
    const viaImport = await upload(JSON.stringify(noApprover), 'bad.flow.json');
    expect(viaImport.code).toBe(400);
    expect(viaImport.msg).toContain('经理审批');
    expect(await engineByCode('badFlow')).toBeUndefined();
  });

  it('a new version while a task runs on the old one: the task keeps its version, a new task gets the new one; a used engine is not deleted', async () => {
    const created = await admin.post(BASE, { fullName: '版本测试', enCode: 'versioned', template: corpus('officeSupplies') });
    const id = created.body.data.id as string;
    const old = await staff.post('/api/workflow/Engine/FlowTask', { flowId: id, formData: {} });
    expect(old.body.code, old.body.msg).toBe(200);
    const v2 = corpus('officeSupplies');
    v2.childNode!.childNode = { type: 'approver', nodeId: 'fin', prevId: v2.childNode!.nodeId, content: '', properties: { title: '财务复核', assigneeType: 3, approvers: [], approverPos: [] } };
    expect((await admin.post(`${BASE}/${id}/Versions`, { template: v2 })).body.data.version).toBe(2);
    const fresh = await staff.post('/api/workflow/Engine/FlowTask', { flowId: id, formData: {} });
    const db = server.database.db;
    const versions = await db.selectFrom('flowTask').select(['id', 'engineVersion']).where('engineId', '=', id).execute();
    expect(Object.fromEntries(versions.map((v) => [v.id, Number(v.engineVersion)]))).toEqual({ [old.body.data.id]: 1, [fresh.body.data.id]: 2 });
    // the old task ends after its one approver (staff's superior, manager); the new one goes on to 财务复核 (the initiator)
    const todo = async (api: ReturnType<typeof client>, taskId: string) => ((await api.get('/api/workflow/Engine/FlowBefore/List/1?pageSize=100')).body.data.list as { id: string; taskId: string }[]).find((t) => t.taskId === taskId);
    for (const taskId of [old.body.data.id, fresh.body.data.id]) expect((await manager.post(`/api/workflow/Engine/FlowBefore/Audit/${(await todo(manager, taskId))!.id}`, {})).body.code).toBe(200);
    expect((await staff.get(`/api/workflow/Engine/FlowBefore/${old.body.data.id}`)).body.data.task.status).toBe(2);
    expect((await staff.get(`/api/workflow/Engine/FlowBefore/${fresh.body.data.id}`)).body.data.task.thisStep).toBe('财务复核');
    const listed = (await admin.get(`${BASE}/${id}`)).body.data.versions;
    expect(listed).toEqual([expect.objectContaining({ version: 2, tasks: 1 }), expect.objectContaining({ version: 1, tasks: 1 })]);
    const refused = await admin.del(`${BASE}/${id}`);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toContain('2');
  });
});
