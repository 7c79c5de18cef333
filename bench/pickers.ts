/**
 * Pickers at scale (issue 12, item 10), against the server as its own process (bench/server-process.ts)
 * on a fresh SQLite database, or with BENCH_DATABASE_URL on a fresh PostgreSQL database created
 * here and dropped afterwards.
 *
 * (a) The user picker over 10,000 users (inserted in bulk through the database layer, under 40
 *     departments: 20 below 运营部, the staff account's scope, and 20 below 华南客户公司): the
 *     dialog's initial call as the browser makes it (GET getOrganization?organizeId=0&openFirst=true:
 *     the top with the first root's level in its children), and a keyword search (GET
 *     UserSearch, page 1 of 20), as administrator (all users) and as staff (half of them).
 *     Times are loopback round trips from this process: the server's time plus well under a
 *     millisecond of local HTTP. Median and p95 of RUNS after WARMUP runs.
 * (b) A list of 1,000 records with a user, an organisation, a users (typed ids) and a related-form
 *     column (model bench-names, no paging: one reply of 1,000 rows, in a copy of schemas/):
 *     requests until every cell has its name. The list reply names users and organisations in
 *     `refs`; what it lacks is asked through the browser's own name batcher
 *     (src/renderers/fields/shared/pickers/calls.ts, one request per kind), run here against the
 *     server with every one of the 1,000 rows asking as its cell does.
 *
 *   node --import tsx bench/pickers.ts [--runs 30] [--results] [--profile DIR]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/pickers.ts [--results]
 *
 * --results rewrites this dialect's issue-12 rows of bench/results.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db';
import type { UserRow } from '../server/db/schema';
import { releasedModel } from '../server/modules/visualdev/model-store';
import { insertRecords } from '../server/modules/visualdev/record-store';
import { RefNameBatcher } from '../src/renderers/fields/shared/pickers/names';
import { fetchNames } from '../src/renderers/fields/shared/pickers/calls';
import { createPartialDataProvider, type DataProvider } from '../src/renderers/data/provider';
import { lookupBatcher } from '../src/renderers/data/popup-lookup';
import type { RefKind } from '../src/runtime/kinds';
import { login } from '../tests/api/oauth-client';
import type { TestServer } from '../tests/helpers/server';
import { spawnServer } from './server-process';
import { freshDatabase } from './fresh-database';
import { option } from './options';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const RUNS = Number(option('runs') ?? 30);
const WARMUP = 5;
const USERS = 10_000;
const RECORDS = 1_000;
const PG_URL = process.env.BENCH_DATABASE_URL;
const TARGET = { firstPage: 100, keyword: 50 };
const label = PG_URL ? 'PostgreSQL' : 'SQLite';

/** A fresh database: a temporary SQLite folder, or a new PostgreSQL database dropped afterwards. */

/** schemas/ with one more model: 1,000 rows in one reply, with the four kinds of named columns. */
function schemasWithBenchModel(into: string): string {
  const dir = path.join(into, 'schemas');
  fs.cpSync(path.join(ROOT, 'schemas'), dir, { recursive: true });
  const field = (jnpfKey: string, label: string, key: string, extra: Record<string, unknown> = {}) => ({ __config__: { jnpfKey, label, span: 12 }, __vModel__: key, ...extra });
  const model = {
    id: 'bench-names', fullName: '名称批量', enCode: 'benchNames',
    formData: {
      labelWidth: 100, popupType: 'general', generalWidth: '600px',
      fields: [
        field('input', '编号', 'orderNo', { maxlength: 30 }),
        field('userSelect', '业务员', 'salesman'),
        field('organizeSelect', '所属组织', 'ownerOrganize'),
        field('usersSelect', '关注人', 'followers', { multiple: true }),
        field('relationForm', '关联商品', 'related', { modelId: 'demo-model', relationField: 'goodsName' }),
      ],
    },
    columnData: {
      useDataPermission: false, hasPage: false, defaultSidx: 'orderNo', sort: 'asc', pageSize: 20, searchList: [],
      columnList: ['orderNo', 'salesman', 'ownerOrganize', 'followers', 'related'].map((prop) => ({ prop, label: prop })),
    },
  };
  fs.writeFileSync(path.join(dir, 'models', 'bench-names.json'), JSON.stringify(model, null, 2));
  return dir;
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** 40 departments and 10,000 enabled users, one bulk insert per 500 rows (ids of our own: newId() allows 1,024 a millisecond). */
async function insertUsers(db: Db): Promise<{ userIds: string[]; orgIds: string[] }> {
  const org = async (code: string) => (await db.selectFrom('baseOrganize').select('id').where('enCode', '=', code).executeTakeFirstOrThrow()).id;
  const parents = [await org('scm.operations'), await org('customer.south')];
  const now = Date.now();
  const departments = Array.from({ length: 40 }, (_, i) => ({
    id: `bench-d${i}`, parentId: parents[i % 2]!, category: 'department' as const, fullName: `部门${String(i).padStart(2, '0')}`, enCode: `bench.d${i}`,
    managerId: null, sortCode: i, enabledMark: 1, description: null, createdAt: now,
  }));
  await db.insertInto('baseOrganize').values(departments).execute();
  const users: UserRow[] = Array.from({ length: USERS }, (_, i) => ({
    id: `bench-u${i}`, account: `u${String(i).padStart(5, '0')}`, realName: `用户${String(i).padStart(5, '0')}`, passwordHash: 'not-a-hash', mobile: `139${String(i).padStart(8, '0')}`,
    email: null, gender: 1, headIcon: null, signImg: null, organizeId: departments[i % 40]!.id, positionId: null, managerId: null, isAdministrator: 0,
    userKind: i % 2 ? 'customer' : 'staff', enabledMark: 1, theme: null, language: null, portalId: null, changePasswordDate: now, prevLoginTime: null, prevLoginIp: null,
    lastLoginTime: null, lastLoginIp: null, description: null, createdAt: now, updatedAt: null,
  }));
  for (let i = 0; i < users.length; i += 500) await db.insertInto('baseUser').values(users.slice(i, i + 500)).execute();
  return { userIds: users.map((u) => u.id), orgIds: departments.map((d) => d.id) };
}

/** 1,000 records of bench-names, each naming a user, an organisation, two typed users and a demo-model record. */
async function insertRecordsToName(db: Db, userIds: string[], orgIds: string[]): Promise<void> {
  const now = Date.now();
  const related = await releasedModel(db, 'demo-model');
  const goods = Array.from({ length: 50 }, (_, i) => ({
    id: `bench-g${i}`, modelId: 'demo-model', data: JSON.stringify({ goodsCode: `G${i}`, goodsName: `商品 ${i}`, category: 'food', unit: 'pcs', price: i }),
    createdBy: userIds[0]!, createdAt: now - i, modifiedBy: null, modifiedAt: null, organizeId: null, departmentId: null, positionId: null,
  }));
  await db.transaction().execute((trx) => insertRecords(trx, related, goods));
  const model = await releasedModel(db, 'bench-names');
  const rows = Array.from({ length: RECORDS }, (_, i) => ({
    id: `bench-r${i}`, modelId: 'bench-names',
    data: JSON.stringify({
      orderNo: `N${String(i).padStart(4, '0')}`, salesman: userIds[(i * 7) % USERS], ownerOrganize: orgIds[i % orgIds.length],
      followers: [`${userIds[(i * 13) % USERS]}--user`, `${userIds[(i * 17 + 1) % USERS]}--user`], related: goods[i % goods.length]!.id,
    }),
    createdBy: userIds[0]!, createdAt: now - i, modifiedBy: null, modifiedAt: null, organizeId: null, departmentId: null, positionId: null,
  }));
  await db.transaction().execute((trx) => insertRecords(trx, model, rows));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;

/** CPU time (user + system) the server process has used so far, in ms (Linux /proc; 10 ms ticks). */
let serverPid = 0;
function serverCpuMs(): number {
  try {
    const fields = fs.readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * Wall time of `run` (median, p95) and the server's CPU per run (mean): on a loaded machine the
 * wall time waits for other work, the CPU time is what the server itself spent.
 */
async function timed(run: () => Promise<void>): Promise<{ median: number; p95: number; cpu: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  const cpuBefore = serverCpuMs();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return { median: median(times), p95: p95(times), cpu: (serverCpuMs() - cpuBefore) / RUNS };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-pickers-'));
const database = await freshDatabase(dataDir, 'bench_pickers');
const PROFILE_DIR = option('profile'); // the server writes a CPU profile (.cpuprofile) there on exit
const server = await spawnServer(ROOT, { ...database.env, SCHEMAS_DIR: schemasWithBenchModel(dataDir) }, PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE_DIR)] : []);
serverPid = server.pid;
const rows: { case: string; target: string; measured: string; met: string }[] = [];
try {
  const tokenOf = async (account: string) => {
    const signedIn = await login({ url: server.url } as TestServer, account);
    if (signedIn.body.code !== 200 || !signedIn.body.data) throw new Error(`sign-in of ${account} failed: ${signedIn.body.msg}`);
    return signedIn.body.data.token as string;
  };
  const handle = await database.open();
  try {
    const { userIds, orgIds } = await insertUsers(handle.db);
    await insertRecordsToName(handle.db, userIds, orgIds);
    if (handle.dialect === 'postgres') await sql.raw('vacuum analyze').execute(handle.db);
  } finally {
    await handle.close();
  }
  const call = async (token: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await fetch(`${server.url}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { code: number; msg?: string; data: any };
    if (json.code !== 200) throw new Error(`${method} ${url}: ${json.code} ${json.msg}`);
    return json.data;
  };
  console.log(`${label}, ${USERS} users, ${RUNS} runs after ${WARMUP} (wall median, p95; the server's CPU per run), load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);

  // (a) the user picker
  for (const account of ['admin', 'staff']) {
    const token = await tokenOf(account);
    const firstPage = () => call(token, 'GET', '/api/permission/Users/getOrganization?organizeId=0&openFirst=true') as Promise<{ id: string; children: unknown[] }[]>;
    const roots = await firstPage();
    const opened = roots[0]!.children;
    const initial = await timed(async () => void (await firstPage()));
    const search = (keyword: string) => call(token, 'GET', `/api/permission/Users/UserSearch?keyword=${encodeURIComponent(keyword)}&currentPage=1&pageSize=20`);
    const narrow = await search('u0123');
    const broad = await search('用户');
    const keyword = await timed(async () => void (await search('u0123')));
    const keywordBroad = await timed(async () => void (await search('用户')));
    console.log(`${account}: initial call (openFirst) median ${initial.median.toFixed(1)} ms, p95 ${initial.p95.toFixed(1)} ms, server CPU ${initial.cpu.toFixed(1)} ms (${roots.length} roots, ${opened.length} nodes under the first)`);
    console.log(`${account}: keyword "u0123" (${narrow.pagination.total} matches) median ${keyword.median.toFixed(1)} ms, p95 ${keyword.p95.toFixed(1)} ms, server CPU ${keyword.cpu.toFixed(1)} ms; "用户" (${broad.pagination.total} matches) median ${keywordBroad.median.toFixed(1)} ms, server CPU ${keywordBroad.cpu.toFixed(1)} ms`);
    const who = account === 'admin' ? 'administrator, all 10,000 users' : 'staff, the 5,000 users of their scope';
    rows.push({
      case: `user picker, 10,000 users, ${label}, ${who}: first page at the server (getOrganization of the top with the first root open, one call)`,
      target: `≤ ${TARGET.firstPage} ms`, measured: `median ${initial.median.toFixed(1)} ms, p95 ${initial.p95.toFixed(1)} ms, server CPU ${initial.cpu.toFixed(1)} ms (one call, loopback)`, met: initial.median <= TARGET.firstPage ? 'met' : 'missed',
    });
    rows.push({
      case: `user picker, 10,000 users, ${label}, ${who}: keyword search (UserSearch, page 1 of 20)`, target: `≤ ${TARGET.keyword} ms`,
      measured: `median ${keyword.median.toFixed(1)} ms, p95 ${keyword.p95.toFixed(1)} ms, server CPU ${keyword.cpu.toFixed(1)} ms ("u0123", ${narrow.pagination.total} matches); median ${keywordBroad.median.toFixed(1)} ms, CPU ${keywordBroad.cpu.toFixed(1)} ms ("用户", ${broad.pagination.total} matches)`,
      met: Math.max(keyword.median, keywordBroad.median) <= TARGET.keyword ? 'met' : 'missed',
    });
  }

  // (b) names of a 1,000-row list
  const token = await tokenOf('admin');
  const counted = new Map<string, number>();
  const askedIds: string[] = [];
  const data = {
    resourceCall: async (method: string, url: string, body?: Record<string, unknown>) => {
      counted.set(url, (counted.get(url) ?? 0) + 1);
      if (Array.isArray(body?.ids)) askedIds.push(...(body.ids as string[]));
      return method === 'GET' ? call(token, 'GET', `${url}?${new URLSearchParams(body as Record<string, string>)}`) : call(token, 'POST', url, body);
    },
  } as unknown as DataProvider;
  const start = performance.now();
  counted.set('list', 1);
  const list = (await call(token, 'POST', '/api/visualdev/OnlineDev/bench-names/List', { currentPage: 1, pageSize: 1000 })) as { list: { data?: string; [k: string]: unknown }[]; refs: Record<string, Record<string, string>> };
  const listMs = performance.now() - start;
  const records = list.list.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r)) as Record<string, unknown>[];
  const batcher = new RefNameBatcher((ref, ids) => fetchNames(data, ref, ids));
  const missing = { user: 0, organize: 0, related: 0 };
  // every cell asks for what the reply did not name, in one render (useNamedFormatContext)
  for (const record of records) {
    const salesman = record.salesman as string;
    const organize = record.ownerOrganize as string;
    if (!list.refs.user?.[salesman]) (missing.user++, batcher.want('user' as RefKind, [salesman]));
    if (!list.refs.organize?.[organize]) (missing.organize++, batcher.want('organize' as RefKind, [organize]));
    batcher.want('user' as RefKind, (record.followers as string[]).filter((id) => !list.refs.user?.[id]));
  }
  await batcher.settled();
  const namesMs = performance.now() - start;
  const followersNamed = records.every((r) => (r.followers as string[]).every((id) => batcher.name('user' as RefKind, id) || list.refs.user?.[id]));
  // related cells: the front end's own lookup (src/renderers/data/popup-lookup.ts), every cell asking in one render
  let relationCalls = 0;
  const relationProvider = createPartialDataProvider({
    relationByIds: async (modelId, field, ids) => {
      relationCalls += 1;
      return (await call(token, 'POST', `/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/Relation/${encodeURIComponent(field)}/InfoByIds`, { ids })) as never;
    },
  });
  const lookups = lookupBatcher(relationProvider, 'zh-CN');
  const source = { kind: 'relation' as const, modelId: 'bench-names', field: 'related' };
  const relatedStart = performance.now();
  for (const record of records) lookups.rows(source, [record.related as string]);
  await new Promise<void>((resolve) => {
    const stop = lookups.subscribe(() => (stop(), resolve()));
  });
  const relatedMs = performance.now() - relatedStart;
  const named = lookups.rows(source, records.map((r) => r.related as string));
  missing.related = records.filter((r) => !named.get(r.related as string)?.goodsName).length;
  // the names call again, warm (the first call of a route also compiles its schemas)
  const namesCall = await timed(async () => void (await call(token, 'POST', '/api/permission/Users/getSelectedList', { ids: askedIds })));
  console.log(`getSelectedList of ${askedIds.length} typed ids, warm: median ${namesCall.median.toFixed(1)} ms, p95 ${namesCall.p95.toFixed(1)} ms, server CPU ${namesCall.cpu.toFixed(1)} ms`);
  const requests = [...counted].map(([url, n]) => `${url.replace('/api/permission/', '')} ${n}`).join(', ');
  console.log(`list of ${records.length}: list ${listMs.toFixed(0)} ms, all names ${namesMs.toFixed(0)} ms; requests: ${requests}; user and organisation cells the reply left unnamed: ${missing.user}, ${missing.organize}; typed followers named: ${followersNamed}; related cells without a name: ${missing.related}`);
  const nameRequests = [...counted].filter(([url]) => url !== 'list');
  rows.push({
    case: `list of 1,000 records, ${label}: user, organisation and users (typed ids) columns named`,
    target: 'one batched request per kind',
    measured: `${1 + nameRequests.reduce((n, [, c]) => n + c, 0)} requests: the list (${listMs.toFixed(0)} ms; users and organisations named in its refs, ${missing.user + missing.organize} cells left), ${nameRequests.map(([url, n]) => `${url.replace('/api/permission/', '')} × ${n}`).join(', ') || 'no other'} (${askedIds.length} typed ids, all named: ${followersNamed}; warm median ${namesCall.median.toFixed(0)} ms, server CPU ${namesCall.cpu.toFixed(0)} ms); every name ${namesMs.toFixed(0)} ms after the list was asked (first calls)`,
    met: missing.user + missing.organize === 0 && followersNamed && nameRequests.every(([, n]) => n === 1) ? 'met' : 'missed',
  });
  rows.push({
    case: `list of 1,000 records, ${label}: related-form column named`, target: 'one batched request',
    measured: `${relationCalls} request (Relation/related/InfoByIds) for the ${records.length} cells, ${relatedMs.toFixed(0)} ms; cells left without a name: ${missing.related}`, met: missing.related === 0 && relationCalls === 1 ? 'met' : 'missed',
  });
} finally {
  await server.stop();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

for (const r of rows) console.log(`| 12 (10) | ${r.case} | ${r.measured} | ${r.target} | ${r.met} |`);
if (args.includes('--results')) {
  const file = path.join(ROOT, 'bench', 'results.md');
  const mine = (line: string) => line.startsWith('| 12 (10) |') && line.includes(`, ${label}`);
  const kept = fs.readFileSync(file, 'utf8').trimEnd().split('\n').filter((line) => !mine(line));
  fs.writeFileSync(file, [...kept, ...rows.map((r) => `| 12 (10) | ${r.case} | ${r.measured} | ${r.target} | ${r.met} |`)].join('\n') + '\n');
}
