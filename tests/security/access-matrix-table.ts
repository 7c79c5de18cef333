import fs from 'node:fs';
import path from 'node:path';
import type { Access, DeclaredRoute } from '../../server/auth/access';
import type { Db } from '../../server/db';
import { client, tokenFor } from '../helpers/access';

/**
 * The expected-outcome table of the access matrix (tests/security/access-matrix.json): one line
 * per registered route, "METHOD url", with what each of the four callers gets when it calls the
 * route with harmless placeholder parameters. tests/security/access-matrix.test.ts checks every
 * line by real requests; scripts/access-matrix.ts adds the lines of new routes, derived from
 * their declared access.
 */
export const CALLERS = ['anonymous', 'customer', 'staff', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
/** The demo account each signed-in caller is (server/db/seed.ts DEMO_ACCOUNTS). */
export const CALLER_ACCOUNTS: Record<Exclude<Caller, 'anonymous'>, string> = { customer: 'customer', staff: 'staff', admin: 'admin' };

/**
 * allowed: the route let the caller in (any answer but a refusal of the caller: the handler's
 * own 400 or 404 for a placeholder id is "allowed"); signIn: 401, not signed in or session
 * not valid (reply codes 600–602); forbidden: 403 (reply code 403).
 */
export type Outcome = 'allowed' | 'signIn' | 'forbidden';
/**
 * A line of the table. `note` is required where the line differs from what the declared access
 * promises (a handler's own refusal of a placeholder id): it says why.
 */
export type Row = Record<Caller, Outcome> & { note?: string };
export type CallerPermissions = Record<Exclude<Caller, 'anonymous'>, ReadonlySet<string>>;
export type Table = Record<string, Row>;

export const TABLE_FILE = path.resolve(import.meta.dirname, 'access-matrix.json');
export const UPDATE_COMMAND = 'npm run access-matrix:update';

export const routeKey = (route: Pick<DeclaredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

export function readTable(file = TABLE_FILE): Table {
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Table;
}

/** One line per route, sorted by url then method, so a diff shows exactly the routes that changed. */
export function formatTable(table: Table): string {
  const keys = Object.keys(table).sort((a, b) => {
    const [ma, ua] = splitKey(a);
    const [mb, ub] = splitKey(b);
    return ua === ub ? ma.localeCompare(mb) : ua < ub ? -1 : 1;
  });
  const lines = keys.map((key) => {
    const row = table[key]!;
    const cells = [...CALLERS, ...(row.note ? (['note'] as const) : [])].map((c) => `${JSON.stringify(c)}: ${JSON.stringify(row[c])}`).join(', ');
    return `  ${JSON.stringify(key)}: { ${cells} }`;
  });
  return `{\n${lines.join(',\n')}\n}\n`;
}

function splitKey(key: string): [string, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space), key.slice(space + 1)];
}

/**
 * What a route's declared access promises each caller: public lets everyone in; anything else
 * sends the anonymous caller to sign in; a permission code lets in the accounts holding it
 * (as CurrentUser reports their codes) and forbids the others.
 */
export function expectedRow(access: Access | undefined, permissionsOf: CallerPermissions): Row {
  if (access === undefined) throw new Error('a route without an access rule cannot be in the matrix (the server refuses to boot with one)');
  const signedIn = (caller: Exclude<Caller, 'anonymous'>): Outcome =>
    access === 'public' || access === 'signedIn' || permissionsOf[caller].has(access.permission) ? 'allowed' : 'forbidden';
  return { anonymous: access === 'public' ? 'allowed' : 'signIn', customer: signedIn('customer'), staff: signedIn('staff'), admin: signedIn('admin') };
}

/** True when the line says the same as the declared access for every caller. */
export function sameOutcomes(a: Row, b: Row): boolean {
  return CALLERS.every((c) => a[c] === b[c]);
}

/** The permission codes each demo account holds, as the server reports them to the account (CurrentUser). */
export async function callerPermissions(baseUrl: string, db: Db): Promise<CallerPermissions> {
  const permissionsOf = {} as Record<Exclude<Caller, 'anonymous'>, ReadonlySet<string>>;
  for (const [caller, account] of Object.entries(CALLER_ACCOUNTS) as [Exclude<Caller, 'anonymous'>, string][]) {
    const me = await client(baseUrl, await tokenFor(db, account)).get<{ userInfo?: { permissionCodes?: string[] } }>('/api/oauth/CurrentUser');
    const codes = me.body.data?.userInfo?.permissionCodes;
    if (me.body.code !== 200 || !Array.isArray(codes)) throw new Error(`CurrentUser of ${account} answered ${me.status} ${me.body.msg} without userInfo.permissionCodes`);
    permissionsOf[caller] = new Set(codes);
  }
  return permissionsOf;
}

export interface TableChanges {
  added: Table;
  stale: string[];
  next: Table;
}

/** The table with a line for every route it lacks (derived) and without lines of routes that are gone. */
export function updateTable(current: Table, routes: readonly DeclaredRoute[], derive: (route: DeclaredRoute) => Row): TableChanges {
  const live = new Map(routes.map((r) => [routeKey(r), r]));
  const added: Table = {};
  for (const [key, route] of live) if (!(key in current)) added[key] = derive(route);
  const stale = Object.keys(current).filter((key) => !live.has(key));
  const next: Table = { ...added };
  for (const [key, row] of Object.entries(current)) if (live.has(key)) next[key] = row;
  return { added, stale, next };
}

/** Outcome of one reply, from its HTTP status (HEAD replies have no body to read). */
export function classify(status: number): Outcome {
  if (status === 401) return 'signIn';
  if (status === 403) return 'forbidden';
  return 'allowed';
}

/**
 * A path with placeholders for its parameters: an id no table holds (well-formed: the decimal
 * shape of our ids), or the caller's own token where the route reads its credential from the
 * path (the socket).
 */
export const PLACEHOLDER_ID = '100000000000000001';
export function placeholderPath(route: Pick<DeclaredRoute, 'url' | 'tokenParam'>, token: string | null): string {
  return route.url
    .replace(/:(\w+)/g, (_m, name: string) => (name === route.tokenParam ? (token ?? 'not-a-token') : PLACEHOLDER_ID))
    .replace(/\*$/, 'placeholder.txt');
}
