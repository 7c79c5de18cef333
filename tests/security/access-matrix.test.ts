import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../../server/auth/access';
import { startTestServer, type TestServer } from '../helpers/server';
import { tokenFor } from '../helpers/access';
import {
  CALLERS, CALLER_ACCOUNTS, TABLE_FILE, UPDATE_COMMAND, callerPermissions, classify, expectedRow, placeholderPath, readTable, routeKey, sameOutcomes, type Caller, type Outcome, type Table,
} from './access-matrix-table';

/**
 * The access matrix (issue 9 item 9): every registered route × anonymous, business customer,
 * staff and administrator, called for real with placeholder parameters, against the table in
 * tests/security/access-matrix.json. Each signed-in call gets a session of its own, so a route
 * that ends or locks its caller's session (Logout, LockScreen) cannot change what the next
 * call sees.
 */
let server: TestServer;
let routes: DeclaredRoute[];
let table: Table;
const tableName = path.relative(process.cwd(), TABLE_FILE);

beforeAll(async () => {
  server = await startTestServer();
  routes = server.app.declaredRoutes();
  table = readTable();
});
afterAll(async () => {
  await server?.close();
});

interface Observed {
  /** null: no answer within the time limit (a route that never replies is a fault of its own). */
  outcome: Outcome | null;
  status: number;
  code?: number;
}

const ANSWER_WITHIN_MS = 10_000;

async function callAs(route: DeclaredRoute, caller: Caller): Promise<Observed> {
  const token = caller === 'anonymous' ? null : await tokenFor(server.database.db, CALLER_ACCOUNTS[caller]);
  const headers: Record<string, string> = {};
  if (token && !route.tokenParam) headers.authorization = `Bearer ${token}`;
  const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  if (withBody) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${placeholderPath(route, token)}`, {
    method: route.method, headers, body: withBody ? '{}' : undefined, redirect: 'manual', signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  }).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'TimeoutError') return null;
    throw error;
  });
  if (!res) return { outcome: null, status: 0 };
  let code: number | undefined;
  // Streams (server-sent events) and files are not read: the status is the answer.
  if (route.method !== 'HEAD' && res.headers.get('content-type')?.includes('application/json')) code = ((await res.json()) as { code?: number }).code;
  else await res.body?.cancel();
  return { outcome: classify(res.status), status: res.status, code };
}

/** Runs the calls a few at a time: fast, without a burst that measures the machine rather than the rules. */
async function inTurns<T>(jobs: (() => Promise<T>)[], width = 6): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

describe('access matrix: every route × anonymous, customer, staff, admin', () => {
  it(`has a line in ${tableName} for every registered route`, () => {
    const missing = routes.map(routeKey).filter((key) => !(key in table));
    expect(
      missing,
      `routes missing from ${tableName}: run \`${UPDATE_COMMAND}\` (it adds their lines, derived from each route's declared access), review the diff, then run this test`,
    ).toEqual([]);
  });

  it(`has no line in ${tableName} for a route that no longer exists`, () => {
    const live = new Set(routes.map(routeKey));
    const stale = Object.keys(table).filter((key) => !live.has(key));
    expect(stale, `lines of routes the server no longer registers: run \`${UPDATE_COMMAND}\` to drop them`).toEqual([]);
  });

  it('explains, in a note, every line that differs from what the route declares', async () => {
    const permissionsOf = await callerPermissions(server.url, server.database.db);
    const unexplained = routes
      .filter((route) => routeKey(route) in table)
      .filter((route) => !sameOutcomes(table[routeKey(route)]!, expectedRow(route.access, permissionsOf)) && !table[routeKey(route)]!.note)
      .map((route) => `${routeKey(route)}: declared ${JSON.stringify(route.access)}, the line says otherwise`);
    expect(unexplained, 'a line that overrides the declared access needs a "note" saying why the handler refuses on its own').toEqual([]);
  });

  it('gives each caller, by real requests, the outcome the table expects, and never a 5xx', async () => {
    const listed = routes.filter((route) => routeKey(route) in table);
    const jobs = listed.flatMap((route) => CALLERS.map((caller) => async () => ({ route, caller, observed: await callAs(route, caller) })));
    const results = await inTurns(jobs);
    const mismatches: string[] = [];
    const failures: string[] = [];
    for (const { route, caller, observed } of results) {
      const expected = table[routeKey(route)]![caller];
      const seen = observed.outcome === null ? `no answer within ${ANSWER_WITHIN_MS} ms` : `HTTP ${observed.status}${observed.code === undefined ? '' : `, code ${observed.code}`}`;
      if (observed.outcome !== expected) mismatches.push(`${routeKey(route)} as ${caller}: expected ${expected}, got ${observed.outcome} (${seen})`);
      if (observed.status >= 500 || observed.outcome === null) failures.push(`${routeKey(route)} as ${caller}: ${seen}`);
    }
    expect(failures, 'server errors or no answer on placeholder calls').toEqual([]);
    expect(mismatches, `outcomes that differ from ${tableName} (fix the route's access, or the line if the new outcome is intended)`).toEqual([]);
    // The matrix means something only if each kind of outcome occurs.
    const outcomes = new Set(results.map((r) => r.observed.outcome));
    expect([...outcomes].sort()).toEqual(['allowed', 'forbidden', 'signIn']);
    expect(results.length).toBe(listed.length * CALLERS.length);
    // Four calls per route: a few seconds on an idle machine; the bound allows for a busy one.
  }, 120_000);
});
