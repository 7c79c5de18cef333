import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import { newId } from '../../server/db/ids';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The data-interface boundary, attacked as issue 9 describes: an administrator's SQL (or a
 * planted row) run by a customer through Preview can read nothing outside readable.ts, write
 * nothing, and cannot stall the server. Runs on SQLite and on PostgreSQL.
 */

const postgres = process.env.TEST_DB === 'postgres';
const TIME_LIMIT_MS = 2000;
const ROW_CAP = 50;

let server: TestServer;
const tokens: Record<string, string> = {};
/** Every secret value in the database: no reply may contain one. */
const secrets: string[] = [];

async function call(who: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as { code: number; msg: string; data: any } };
}

/**
 * Puts an SQL interface straight into the table, past the save-time feedback, and grants it to
 * the customer's role (its own grant): the boundary must hold alone, for whoever may run it.
 */
async function plant(queryText: string): Promise<string> {
  const id = newId();
  const role = await server.database.db.selectFrom('baseRole').select('id').where('enCode', '=', 'businessCustomer').executeTakeFirstOrThrow();
  await server.database.db.insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: role.id, itemType: 'dataInterface', itemId: id }).execute();
  await server.database.db
    .insertInto('baseDataInterface')
    .values({
      id, categoryId: null, fullName: id, enCode: `p${id.slice(-12)}`, type: 1, dataSource: null, queryText, requestMethod: null, path: null, requestHeaders: null,
      requestParameters: null, responseFields: null, enabledMark: 1, sortCode: 0, description: null, createdAt: Date.now(), createdBy: null, updatedAt: null, updatedBy: null,
    })
    .execute();
  return id;
}

const preview = async (queryText: string, headers: Record<string, string> = {}) => call('customer', 'POST', `/api/system/DataInterface/${await plant(queryText)}/Actions/Preview`, {}, headers);

function expectNoSecret(text: string, label: string) {
  for (const secret of secrets) expect(text.includes(secret), `${label} leaked ${secret.slice(0, 12)}…`).toBe(false);
}

beforeAll(async () => {
  server = await startTestServer({ interfaceTimeLimitMs: TIME_LIMIT_MS, interfaceRowCap: ROW_CAP });
  const db = server.database.db;
  for (const account of ['admin', 'staff', 'customer']) {
    const user = await db.selectFrom('baseUser').select('id').where('account', '=', account).executeTakeFirstOrThrow();
    tokens[account] = (await createSession(db, user.id, { idleSeconds: 3600 })).token;
  }
  const admin = await db.selectFrom('baseUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
  const now = Date.now();
  await db.insertInto('baseLoginLog').values({ id: newId(), userId: admin.id, account: 'admin', success: 1, message: null, ip: '203.0.113.77', userAgent: 'probe', createdAt: now }).execute();
  await db.insertInto('baseSignImg').values({ id: newId(), userId: admin.id, signImg: 'data:image/png;base64,U0lHTkFUVVJFU0VDUkVU', isDefault: 1, createdAt: now }).execute();
  const model = await db.selectFrom('baseVisualdev').select('id').executeTakeFirstOrThrow();
  await db
    .insertInto('baseVisualdevShortLink')
    .values({ id: newId(), modelId: model.id, code: 'SHORTLINKSECRETCODE0123456789abc', allowFill: 1, allowView: 0, passwordHash: null, enabled: 1, expiresAt: null, maxSubmissions: null, submissions: 0, createdBy: null, createdAt: now, updatedBy: null, updatedAt: null })
    .execute();
  await db.updateTable('baseUser').set({ lastLoginIp: '198.51.100.23' }).where('id', '=', admin.id).execute();
  secrets.push(...(await db.selectFrom('baseUser').select('passwordHash').execute()).map((r) => r.passwordHash));
  secrets.push(...(await db.selectFrom('baseSession').select('tokenHash').execute()).map((r) => r.tokenHash));
  secrets.push(...Object.values(tokens), 'SHORTLINKSECRETCODE0123456789abc', 'U0lHTkFUVVJFU0VDUkVU', '203.0.113.77', '198.51.100.23');
  expect(secrets.length).toBeGreaterThan(8);
});
afterAll(async () => {
  await server?.close();
});

describe('what an interface may read', () => {
  it('reads the readable columns (the legitimate use keeps working)', async () => {
    const res = await preview('select u.account as "account", u.real_name as "realName", o.full_name as "organizeName" from base_user u left join base_organize o on o.id = u.organize_id order by u.account');
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { account: string }) => r.account)).toContain('customer');
    expectNoSecret(res.text, 'readable columns');
  });

  const secretReads = [
    'select * from base_user',
    'select password_hash from base_user',
    'select account, password_hash as "p" from base_user',
    "select count(*) as n from base_user where password_hash like '$%'",
    'select (select password_hash from base_user limit 1) as "x"',
    'select account from base_user where length(password_hash) > 10',
    'select sign_img, last_login_ip, mobile from base_user',
    'select * from base_session',
    'select token_hash from base_session',
    'select * from base_visualdev_short_link',
    'select code from base_visualdev_short_link',
    'select * from base_login_log',
    'select ip from base_login_log',
    'select * from base_sign_img',
    'select * from base_sys_config',
    'select * from base_data_interface',
    'with x as (select password_hash as h from base_user) select h from x',
    'select account from base_user union all select password_hash from base_user',
  ];
  const catalogReads = postgres
    ? [
        'select * from pg_authid',
        'select rolname, rolpassword from pg_authid',
        'select usename, passwd from pg_shadow',
        "select query_to_xml('select password_hash from base_user', true, false, '') as x",
        "select set_config('role', 'postgres', true) as r, query_to_xml('select password_hash from base_user', true, false, '') as x",
        "select pg_read_file('postgresql.conf') as f",
      ]
    : [
        'select * from sqlite_master',
        'select name, sql from sqlite_schema',
        'select * from sqlite_temp_master',
        "select * from pragma_table_info('base_user')",
        "select name from pragma_table_list",
        'select * from dbstat',
        'select * from main.base_user',
        "select load_extension('/tmp/x') as x",
      ];

  it.each(secretReads)('refuses %s as unreadable', async (queryText) => {
    const res = await preview(queryText);
    expect(res.status, res.text).toBe(400);
    expect(res.body.msg).toMatch(/^数据接口只能读取开放给它的表和字段，不能读取：/);
    expectNoSecret(res.text, queryText);
  });

  it.each(catalogReads)('refuses %s', async (queryText) => {
    const res = await preview(queryText);
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe(400);
    expectNoSecret(res.text, queryText);
  });

  it('says why in the caller’s language', async () => {
    const zh = await preview('select password_hash from base_user');
    expect(zh.body.msg).toMatch(/^数据接口只能读取开放给它的表和字段，不能读取：/);
    const tw = await preview('select * from base_session', { 'x-language': 'zh-TW' });
    expect(tw.body.msg).toMatch(/^資料介面只能讀取開放給它的表和欄位，不能讀取：/);
    const en = await preview('select * from base_login_log', { 'x-language': 'en' });
    expect(en.body.msg).toMatch(/^Data interfaces may read only the tables and columns opened to them, not /);
  });

  it('GetFields and Action/List are held to the same boundary', async () => {
    const id = await plant('select * from base_session');
    const fields = await call('admin', 'POST', `/api/system/DataInterface/${id}/Actions/GetFields`, {});
    expect(fields.status).toBe(400);
    expect(fields.text).not.toContain('token_hash');
    const list = await call('customer', 'POST', `/api/system/DataInterface/${id}/Action/List`, { currentPage: 1, pageSize: 10, keyword: 'a' });
    expect(list.status).toBe(400);
    expectNoSecret(list.text, 'Action/List');
  });

  it('the save form says at once that a statement reads what interfaces may not', async () => {
    const res = await call('admin', 'POST', '/api/system/DataInterface', { fullName: '用户密码', enCode: 'userSecrets', type: 1, queryText: 'select account, password_hash from base_user' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^数据接口只能读取开放给它的表和字段/);
    const fine = await call('admin', 'POST', '/api/system/DataInterface', { fullName: '用户账号', enCode: 'userAccounts', type: 1, queryText: 'select account from base_user where account = @account' });
    expect(fine.body.code).toBe(200);
  });
});

describe('an interface writes nothing', () => {
  const isAdministrator = async () =>
    Number((await server.database.db.selectFrom('baseUser').select('isAdministrator').where('account', '=', 'customer').executeTakeFirstOrThrow()).isAdministrator);

  it("the E'' string and several statements do not make the customer an administrator", async () => {
    expect(await isAdministrator()).toBe(0);
    const attacks = [
      "select E'\\'' ) t; commit; update base_user set is_administrator = 1 where account = 'customer'; select * from (select ''",
      "select 1 as x ) t; commit; update base_user set is_administrator = 1 where account = 'customer'; select * from (select 1 as x",
      "select 1 as x ) t; update base_user set is_administrator = 1 where account = 'customer'; select * from (select 1 as x",
      "with u as (update base_user set is_administrator = 1 where account = 'customer' returning id) select * from u",
    ];
    for (const queryText of attacks) {
      const res = await preview(queryText);
      expect(res.status, queryText).toBe(400);
      expect(await isAdministrator(), queryText).toBe(0);
    }
    // PostgreSQL reads E'\'' as a quote inside the string: the rest is several statements, which the extended protocol refuses.
    if (postgres) expect((await preview(attacks[0]!)).body.msg).toBe('只允许一条SQL语句');
    // A statement may change its connection's settings, but none survives it: the next run is read-only again.
    await preview("select set_config('default_transaction_read_only', 'off', false) as x, set_config('statement_timeout', '0', false) as y");
    if (postgres) {
      for (let i = 0; i < 5; i += 1) {
        const settings = await preview("select current_setting('transaction_read_only') as ro, current_setting('statement_timeout') as st");
        expect(settings.body.data).toEqual([{ ro: 'on', st: `${TIME_LIMIT_MS / 1000}s` }]);
      }
    }
    const again = await preview("select 1 as x ) t; update base_user set is_administrator = 1 where account = 'customer'; select * from (select 1 as x");
    expect(again.status).toBe(400);
    expect(await isAdministrator()).toBe(0);
  });
});

describe('limits', () => {
  it('stops a slow query at the time limit while the server keeps answering', async () => {
    const slow = preview('with recursive c(x) as (select 1 union all select x + 1 from c where x < 300000000) select count(*) as n from c');
    let finished = false;
    const started = performance.now();
    const answer = slow.then((res) => {
      finished = true;
      return { res, elapsed: performance.now() - started };
    });
    const latencies: number[] = [];
    while (!finished) {
      const t0 = performance.now();
      const health = await fetch(`${server.url}/api/system/health`);
      expect(health.status).toBe(200);
      latencies.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { res, elapsed } = await answer;
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`SQL执行超过${TIME_LIMIT_MS / 1000}秒，已被终止`);
    expect(elapsed).toBeLessThan(TIME_LIMIT_MS + 10_000); // stopped, not 87 s later
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...latencies)).toBeLessThan(1500); // generous: health answered during the query
    // The next query runs normally (a fresh reader).
    const next = await preview('select account from base_user order by account');
    expect(next.status).toBe(200);
    const en = await preview("with recursive c(x) as (select 1 union all select x + 1 from c where x < 300000000) select count(*) as n from c", { 'x-language': 'en' });
    expect(en.body.msg).toBe(`The SQL ran longer than ${TIME_LIMIT_MS / 1000} s and was stopped`);
  });

  it('refuses a result larger than the size cap', async () => {
    const res = await preview(postgres ? "select repeat('x', 20000000) as b" : 'select hex(zeroblob(10000000)) as b');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('查询结果超过16 MB，请缩小查询范围');
  });

  it('returns at most the row cap', async () => {
    const res = await preview('with recursive c(x) as (select 1 union all select x + 1 from c where x < 1000) select x from c');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(ROW_CAP);
  });
});

describe('who reaches what', () => {
  it('a disabled interface runs nowhere: not in Preview, GetFields, List or InfoByIds', async () => {
    const id = await plant('select account from base_user');
    await server.database.db.updateTable('baseDataInterface').set({ enabledMark: 0 }).where('id', '=', id).execute();
    for (const [who, action, body] of [
      ['customer', 'Actions/Preview', {}], ['admin', 'Actions/Preview', {}], ['admin', 'Actions/GetFields', {}],
      ['customer', 'Action/List', { currentPage: 1, pageSize: 5 }], ['customer', 'Action/InfoByIds', { ids: ['admin'], propsValue: 'account' }],
    ] as const) {
      const res = await call(who, 'POST', `/api/system/DataInterface/${id}/${action}`, body);
      expect(res.status, action).toBe(400);
      expect(res.body.msg, action).toBe('数据接口已被禁用');
    }
  });

  describe('HTTP interfaces', () => {
    let upstream: http.Server;
    let upstreamUrl = '';
    const seen: { url: string; body: string }[] = [];
    beforeAll(async () => {
      upstream = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          seen.push({ url: req.url ?? '', body });
          res.setHeader('content-type', 'application/json');
          // The huge answer is streamed without a length, so the cap must count what arrives.
          if (req.url?.startsWith('/huge')) {
            res.write('[{"blob":"');
            const mb = 'x'.repeat(1024 * 1024);
            for (let i = 0; i < 17; i += 1) res.write(mb);
            res.end('"}]');
          } else res.end(JSON.stringify([{ ok: 1 }]));
        });
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
      // A loopback upstream runs only when the administrator names its address (data-interface-grants.test.ts).
      expect((await call('admin', 'PUT', '/api/system/SysConfig', { dataInterfaceAllowedAddresses: upstreamUrl })).body.code).toBe(200);
    });
    afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

    const create = async (enCode: string, requestMethod: string, path: string) => {
      const res = await call('admin', 'POST', '/api/system/DataInterface', {
        fullName: enCode, enCode, type: 3, requestMethod, path, requestParameters: [{ field: 'q', dataType: 'varchar', defaultValue: '', required: 0 }],
      });
      expect(res.body.code).toBe(200);
      const role = await server.database.db.selectFrom('baseRole').select('id').where('enCode', '=', 'businessCustomer').executeTakeFirstOrThrow();
      await server.database.db.insertInto('baseAuthorize').values({ id: newId(), objectType: 'Role', objectId: role.id, itemType: 'dataInterface', itemId: res.body.data.id }).execute();
      return res.body.data.id as string;
    };

    it('sends only the declared parameters upstream', async () => {
      const getId = await create('upstreamGet', 'GET', `${upstreamUrl}/get`);
      const postId = await create('upstreamPost', 'POST', `${upstreamUrl}/post`);
      const paramList = [{ field: 'q', defaultValue: 'wanted' }, { field: 'admin', defaultValue: '1' }, { field: 'currentUserId', defaultValue: 'x' }];
      expect((await call('customer', 'POST', `/api/system/DataInterface/${getId}/Actions/Preview`, { paramList })).body.data).toEqual([{ ok: 1 }]);
      expect((await call('customer', 'POST', `/api/system/DataInterface/${postId}/Actions/Preview`, { paramList })).body.data).toEqual([{ ok: 1 }]);
      expect(seen.find((r) => r.url.startsWith('/get'))?.url).toBe('/get?q=wanted');
      expect(JSON.parse(seen.find((r) => r.url.startsWith('/post'))!.body)).toEqual({ q: 'wanted' });
    });

    it('refuses an answer larger than the cap', async () => {
      const id = await create('upstreamHuge', 'GET', `${upstreamUrl}/huge`);
      const res = await call('customer', 'POST', `/api/system/DataInterface/${id}/Actions/Preview`, {});
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('接口返回的数据超过16 MB');
    });
  });
});
