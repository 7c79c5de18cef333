import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../../bench/server-process';
import { freshDatabase, type FreshDatabase } from '../../bench/fresh-database';
import type { DatabaseHandle } from '../../server/db';
import { createSession } from '../../server/auth/sessions';
import { launch } from '../../server/modules/flow';
import { createEngine } from '../../server/modules/flow/versions';
import { makeUser } from '../helpers/access';

/**
 * kill -9 of the server while approvers pass flows (issue 16 item 5): the real server as its own
 * process on a SQLite file, or a PostgreSQL database made for the test; 8 writers pass the first
 * node of 120 two-node flows through the API; SIGKILL lands once 30 passes are acknowledged.
 * After it every flow is either where it was (its first node waiting, version 0, nothing of the
 * pass written) or wholly moved (the pass recorded, the second node's to-do written, version 1),
 * every acknowledged pass is among the moved, and a restarted server passes the rest.
 */
const FLOWS = 120;
const WRITERS = 8;
const KILL_AFTER = 30;

let database: FreshDatabase;
let handle: DatabaseHandle;
let server: ServerProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-flow-kill-'));
afterAll(async () => {
  await server?.kill();
  await handle?.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const node = (nodeId: string, title: string, childNode?: object) => ({
  type: 'approver', nodeId, content: '', properties: { title, approvers: [], approverPos: [], assigneeType: 7, formOperates: [], circulateUser: [], circulatePosition: [], rejectStep: '0' }, ...(childNode ? { childNode } : {}),
});

describe('kill -9 during approvals', () => {
  it('leaves every flow where it was or wholly moved; acknowledged passes are kept; a restart goes on', async () => {
    database = await freshDatabase(dataDir, 'scp_flow_kill', process.env.TEST_DB === 'postgres' ? (process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : undefined);
    server = await spawnServer(process.cwd(), { ...database.env, STATIC_DIR: path.join(dataDir, 'none') });
    handle = await database.open();
    const db = handle.db;
    const [initiator, first, second] = [await makeUser(db, 'killInit'), await makeUser(db, 'killFirst'), await makeUser(db, 'killSecond')];
    const template = { type: 'start', nodeId: 'S', content: '', properties: { title: '发起人', initiator: [], initiatePos: [] }, childNode: node('A', '一审', node('B', '二审')) };
    const engineId = await createEngine(db, { enCode: 'killFlow', fullName: '中断试验', template: template as never });
    for (let i = 0; i < FLOWS; i++) await launch(db, { engineId, title: `中断${i}`, urgent: 1, formData: { n: i }, chosen: { A: [first.userId], B: [second.userId] }, by: initiator.userId });
    const operators = (await db.selectFrom('flowOperator').select('id').where('userId', '=', first.userId).where('state', '=', 0).execute()).map((o) => o.id);
    const token = (await createSession(db, first.userId, { idleSeconds: 3600 })).token;

    const acknowledged: string[] = [];
    let next = 0;
    let killing: Promise<void> | null = null;
    const pass = (url: string, operatorId: string) =>
      fetch(`${url}/api/workflow/Engine/FlowBefore/Audit/${operatorId}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ handleOpinion: '同意' }) }).then((r) => r.json() as Promise<{ code: number; msg: string }>);
    const writer = async () => {
      while (next < operators.length && !killing) {
        const operatorId = operators[next++]!;
        try {
          const reply = await pass(server!.url, operatorId);
          if (reply.code !== 200) throw new Error(`a pass was refused: ${reply.msg}`);
          acknowledged.push(operatorId);
        } catch (error) {
          if (killing) return; // the server is gone: only what it acknowledged was promised
          throw error;
        }
        if (acknowledged.length >= KILL_AFTER && !killing) killing = server!.kill();
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    await killing;

    // every flow: where it was, or wholly moved
    const tasks = await db.selectFrom('flowTask').select(['id', 'version', 'positionJson']).where('engineId', '=', engineId).execute();
    const ops = await db.selectFrom('flowOperator').select(['id', 'taskId', 'nodeId', 'state']).where('taskId', 'in', tasks.map((t) => t.id)).execute();
    const passes = await db.selectFrom('flowRecord').select(['taskId']).where('taskId', 'in', tasks.map((t) => t.id)).where('handleStatus', '=', 1).execute();
    const torn: string[] = [];
    let moved = 0;
    for (const t of tasks) {
      const mine = ops.filter((o) => o.taskId === t.id);
      const a = mine.find((o) => o.nodeId === 'A')!;
      const b = mine.filter((o) => o.nodeId === 'B');
      const recorded = passes.filter((p) => p.taskId === t.id).length;
      const active = (JSON.parse(t.positionJson) as { active: string[] }).active;
      const before = Number(t.version) === 0 && a.state === 0 && b.length === 0 && recorded === 0 && active.join() === 'A';
      const after = Number(t.version) === 1 && a.state === 1 && b.length === 1 && b[0]!.state === 0 && recorded === 1 && active.join() === 'B';
      if (after) moved += 1;
      else if (!before) torn.push(t.id);
    }
    expect(torn).toEqual([]);
    const movedOperators = new Set(ops.filter((o) => o.nodeId === 'A' && o.state === 1).map((o) => o.id));
    expect(acknowledged.filter((id) => !movedOperators.has(id))).toEqual([]);
    expect(moved).toBeGreaterThanOrEqual(KILL_AFTER);

    // a restarted server on the same database passes what is left
    server = await spawnServer(process.cwd(), { ...database.env, STATIC_DIR: path.join(dataDir, 'none') });
    const left = operators.filter((id) => !movedOperators.has(id));
    expect(left.length).toBeGreaterThan(0);
    for (const operatorId of left.slice(0, 5)) expect((await pass(server.url, operatorId)).code).toBe(200);
  }, 180_000);
});
