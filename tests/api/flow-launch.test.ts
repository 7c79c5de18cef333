import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, makeUser, tokenFor } from '../helpers/access';
import { createEngine } from '../../server/modules/flow/versions';
import type { RawFlowNode } from '../../src/runtime/flow';

/**
 * GET /api/workflow/Engine/FlowEngine/{id}/Launch (issue 16 item 2): what the launch page needs,
 * for enabled engines the caller may start (the start node's initiator and initiatePos), with
 * the template's own field list. SQLite and PostgreSQL.
 */
const FLOWS = join(process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../shared/corpus'), 'flows');
const corpus = (file: string) => JSON.parse(readFileSync(join(FLOWS, file), 'utf8')) as RawFlowNode;
const url = (id: string) => `/api/workflow/Engine/FlowEngine/${id}/Launch`;

let server: TestServer;
type Api = ReturnType<typeof client>;
let admin: Api;
let staff: Api;
let named: { id: string; api: Api };
let holder: { id: string; api: Api };
let outsider: Api;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  admin = client(server.url, await tokenFor(db, 'admin'));
  staff = client(server.url, await tokenFor(db, 'staff'));
  const made = async (account: string) => {
    const u = await makeUser(db, account);
    return { id: u.userId, api: client(server.url, u.token) };
  };
  named = await made('launchNamed');
  holder = await made('launchHolder');
  outsider = (await made('launchOutsider')).api;
  await db.updateTable('baseUser').set({ positionId: 'launchPos' }).where('id', '=', holder.id).execute();
});
afterAll(async () => {
  await server?.close();
});

describe('the launch route', () => {
  it('gives a corpus flow’s template and its own fields (approver nodes’ formOperates in order, without the flow’s own title and urgency)', async () => {
    const id = await createEngine(server.database.db, { enCode: 'launchLeave', fullName: '请假申请', category: '人事', template: corpus('leaveApply.flow.json') });
    const r = await staff.get(url(id));
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    const data = r.body.data as { fullName: string; category: string; modelId: string | null; template: RawFlowNode; fields: { id: string; name: string }[] };
    expect(data).toMatchObject({ fullName: '请假申请', category: '人事', modelId: null });
    expect(data.template.type).toBe('start');
    const ids = data.fields.map((f) => f.id);
    expect(ids.slice(0, 3)).toEqual(['applyUser', 'applyDate', 'applyDept']);
    expect(ids).toContain('leaveDayCount');
    expect(ids).not.toContain('flowTitle');
    expect(ids).not.toContain('flowUrgent');
    expect(new Set(ids).size).toBe(ids.length);
    expect(data.fields.find((f) => f.id === 'leaveDayCount')?.name).toBe('请假天数');
  });

  it('only to the named initiators, holders of the named positions and administrators; others are refused as starting would be', async () => {
    const template = corpus('leaveApply.flow.json');
    const restricted = { ...template, properties: { ...template.properties, initiator: [named.id], initiatePos: ['launchPos'] } };
    const id = await createEngine(server.database.db, { enCode: 'launchRestricted', fullName: '受限流程', template: restricted });
    for (const api of [named.api, holder.api, admin]) expect((await api.get(url(id))).body.code).toBe(200);
    for (const api of [outsider, staff]) {
      const r = await api.get(url(id));
      expect(r.body.code).toBe(403);
      expect(r.body.msg).toBe('您不能发起此流程');
      expect((await api.post('/api/workflow/Engine/FlowTask', { flowId: id, formData: {} })).body.code).toBe(403);
    }
  });

  it('a disabled or unknown engine is not found; signing in is required', async () => {
    const id = await createEngine(server.database.db, { enCode: 'launchDisabled', fullName: '停用流程', template: corpus('leaveApply.flow.json'), enabledMark: 0 });
    expect((await staff.get(url(id))).body.code).toBe(404);
    expect((await staff.get(url('noSuchEngine'))).body.code).toBe(404);
    expect((await client(server.url, null).get(url(id))).status).toBe(401);
  });
});
