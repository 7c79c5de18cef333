import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { newId } from '../../server/db/ids';
import { releasedModel } from '../../server/modules/visualdev/model-store';
import { insertRecords } from '../../server/modules/visualdev/record-store';
import { call, md5, tokenOf } from './oauth-client';
import { modifyPassword } from './profile-client';

/**
 * Issue 20, item 3: sessions, principals (user, roles, grants, scope), compiled models and their
 * permissions are kept in memory (docs/ARCHITECTURE.md, "What is cached"). Every test first warms
 * those caches with several requests, then changes access the way people do, and proves that
 * the very next request sees the change.
 */
let server: TestServer;
let adminToken: string;
let staffRoleId: string;
let goodsMenuId: string;
let staffId: string;

const LIST = '/api/visualdev/OnlineDev/demo-model/List';
const list = (token: string) => call(server, LIST, { token, json: { currentPage: 1, pageSize: 20 } });
const read = (token: string) => call(server, '/api/system/DictionaryType', { token });
const config = (token: string) => call(server, '/api/system/SysConfig', { token }); // needs system.config:read

/** Several requests of each kind the caches serve: session, principal, model, the model's permissions. */
async function warm(token: string): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    expect((await read(token)).body.code).toBe(200);
    const page = await list(token);
    expect(page.body.code, page.body.msg).toBe(200);
    expect((await config(token)).body.code).toBe(200);
  }
}

type Grants = { module: string[]; button: string[]; column: string[]; form: string[]; resource: string[]; api: string[] };
async function staffGrants(): Promise<Grants> {
  const reply = await call(server, `/api/permission/Authority/Data/${staffRoleId}`, { token: adminToken });
  expect(reply.body.code, reply.body.msg).toBe(200);
  return reply.body.data.checked as Grants;
}
const saveStaffGrants = async (grants: Partial<Grants>) => {
  const reply = await call(server, `/api/permission/Authority/Data/${staffRoleId}`, { method: 'PUT', token: adminToken, json: grants });
  expect(reply.body.code, reply.body.msg).toBe(200);
};

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  adminToken = await tokenOf(server, 'admin');
  staffRoleId = (await db.selectFrom('baseRole').select('id').where('enCode', '=', 'staff').executeTakeFirstOrThrow()).id;
  goodsMenuId = (await db.selectFrom('baseModule').select('id').where('enCode', '=', 'goods').executeTakeFirstOrThrow()).id;
  const staff = await db.selectFrom('baseUser').selectAll().where('account', '=', 'staff').executeTakeFirstOrThrow();
  staffId = staff.id;
  // a few records, so the list shows its columns
  const model = await releasedModel(db, 'demo-model');
  const rows = [1, 2, 3].map((i) => ({
    id: newId(), modelId: model.id, createdBy: staff.id, createdAt: Date.now() + i, modifiedBy: null, modifiedAt: null, organizeId: null, departmentId: staff.organizeId, positionId: null,
    data: JSON.stringify({ goodsCode: `G${i}`, goodsName: `商品 ${i}`, category: 'food', unit: 'pcs', price: i, creatorUserId: staff.id, creatorTime: Date.now() }),
  }));
  await db.transaction().execute((trx) => insertRecords(trx, model, rows));
});
afterAll(async () => {
  await server?.close();
});

describe('an access change holds at the next request, with every cache warm', () => {
  it('sign-out: the signed-out token answers 602 at once, another session of the user goes on', async () => {
    const token = await tokenOf(server, 'staff');
    const other = await tokenOf(server, 'staff');
    await warm(token);
    await warm(other);
    expect((await call(server, '/api/oauth/Logout', { token })).body.code).toBe(200);
    const after = await read(token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(602);
    expect((await list(token)).body.code).toBe(602);
    expect((await read(other)).body.code).toBe(200);
  });

  it('a revoked token: a password change ends the other sessions (602) and keeps this one', async () => {
    const mine = await tokenOf(server, 'customer2');
    const other = await tokenOf(server, 'customer2');
    for (const token of [mine, other]) for (let i = 0; i < 3; i += 1) expect((await read(token)).body.code).toBe(200);
    const changed = await modifyPassword(server, mine, 'demo1234', 'AnotherPass1');
    expect(changed.body.code, changed.body.msg).toBe(200);
    expect((await read(other)).body.code).toBe(602);
    expect((await read(mine)).body.code).toBe(200);
  });

  it('a revoked token: an administrator resetting the password ends every session of the user (602)', async () => {
    const token = await tokenOf(server, 'staff');
    await warm(token);
    const reset = await call(server, `/api/permission/Users/${staffId}/Actions/ResetPassword`, { token: adminToken, json: { newPassword: 'demo1234', repeatPassword: 'demo1234' } });
    expect(reset.body.code, reset.body.msg).toBe(200);
    expect((await list(token)).body.code).toBe(602);
    expect((await read(token)).body.code).toBe(602);
  });

  it('a sign-in elsewhere with single sign-in on: the older session answers 601 at once', async () => {
    const db = server.database.db;
    const older = await tokenOf(server, 'customer');
    for (let i = 0; i < 3; i += 1) expect((await read(older)).body.code).toBe(200);
    await db.updateTable('baseSysConfig').set({ value: '1' }).where('key', '=', 'singleLogin').execute();
    try {
      const newer = await tokenOf(server, 'customer');
      expect((await read(older)).body.code).toBe(601);
      expect((await read(newer)).body.code).toBe(200);
    } finally {
      await db.updateTable('baseSysConfig').set({ value: '0' }).where('key', '=', 'singleLogin').execute();
    }
  });

  it('a locked screen answers 603 at the next request, and an unlock opens it at the next one', async () => {
    const token = await tokenOf(server, 'staff');
    await warm(token);
    expect((await call(server, '/api/oauth/LockScreen', { method: 'POST', token })).body.code).toBe(200);
    expect((await list(token)).body.code).toBe(603);
    expect((await read(token)).body.code).toBe(603);
    const unlocked = await call(server, '/api/oauth/UnlockScreen', { token, json: { account: 'staff', password: md5('demo1234') } });
    expect(unlocked.body.code, unlocked.body.msg).toBe(200);
    expect((await list(token)).body.code).toBe(200);
  });

  describe('a disabled user', () => {
    beforeEach(async () => {
      await call(server, `/api/permission/Users/${staffId}/Actions/State`, { method: 'PUT', token: adminToken, json: { enabledMark: 1 } });
    });
    afterAll(async () => {
      await call(server, `/api/permission/Users/${staffId}/Actions/State`, { method: 'PUT', token: adminToken, json: { enabledMark: 1 } });
    });

    it('disabled by an administrator: 602 at the next request', async () => {
      const token = await tokenOf(server, 'staff');
      await warm(token);
      const off = await call(server, `/api/permission/Users/${staffId}/Actions/State`, { method: 'PUT', token: adminToken, json: { enabledMark: 0 } });
      expect(off.body.code, off.body.msg).toBe(200);
      expect((await list(token)).body.code).toBe(602);
      expect((await read(token)).body.code).toBe(602);
    });

    it('disabled by a write that leaves the sessions open (as another tool would): the kept principal goes too', async () => {
      const token = await tokenOf(server, 'staff');
      await warm(token);
      await server.database.db.updateTable('baseUser').set({ enabledMark: 0 }).where('id', '=', staffId).execute();
      expect((await list(token)).body.code).toBe(602);
      expect((await read(token)).body.code).toBe(602);
    });
  });

  describe("a changed grant of the user's role", () => {
    let original: Grants;
    beforeAll(async () => {
      original = await staffGrants();
    });
    afterAll(async () => {
      await saveStaffGrants(original);
    });

    it('a revoked menu: the model answers 403 at the next request; granted again, 200 at the next', async () => {
      const token = await tokenOf(server, 'staff');
      await warm(token);
      await saveStaffGrants({ module: original.module.filter((id) => id !== goodsMenuId) });
      const refused = await list(token);
      expect(refused.status).toBe(403);
      expect((await call(server, '/api/visualdev/OnlineDev/demo-model/Config', { token })).status).toBe(403);
      // (revoking a menu drops its column, button and form grants too: all areas come back)
      await saveStaffGrants(original);
      const page = await list(token);
      expect(page.body.code).toBe(200);
      expect(page.body.data.list[0]).toHaveProperty('goodsName');
    });

    it('a revoked list column: gone from the next list page and from the model as the user sees it', async () => {
      const db = server.database.db;
      const column = (await db.selectFrom('baseModuleItem').select('id').where('moduleId', '=', goodsMenuId).where('kind', '=', 'column').where('enCode', '=', 'goodsName').executeTakeFirstOrThrow()).id;
      expect(original.column).toContain(column);
      const token = await tokenOf(server, 'staff');
      await warm(token);
      expect((await list(token)).body.data.list[0]).toHaveProperty('goodsName');
      await saveStaffGrants({ column: original.column.filter((id) => id !== column) });
      const page = await list(token);
      expect(page.body.code).toBe(200);
      expect(page.body.data.list.length).toBeGreaterThan(0);
      for (const row of page.body.data.list) expect(row).not.toHaveProperty('goodsName');
      const seen = await call(server, '/api/visualdev/OnlineDev/demo-model/Config', { token });
      expect(seen.body.data.granted.column).not.toContain('goodsName');
      await saveStaffGrants({ column: original.column });
      expect((await list(token)).body.data.list[0]).toHaveProperty('goodsName');
    });

    it('a revoked API permission: 403 at the next request', async () => {
      const token = await tokenOf(server, 'staff');
      await warm(token);
      await saveStaffGrants({ api: original.api.filter((code) => code !== 'system.config:read') });
      expect((await config(token)).status).toBe(403);
      expect((await read(token)).body.code).toBe(200);
      await saveStaffGrants({ api: original.api });
      expect((await config(token)).body.code).toBe(200);
    });

    it('the role taken from the user: the next request holds none of its grants', async () => {
      const db = server.database.db;
      const token = await tokenOf(server, 'staff');
      await warm(token);
      const relation = await db.selectFrom('baseUserRelation').selectAll().where('userId', '=', staffId).where('objectType', '=', 'Role').where('objectId', '=', staffRoleId).executeTakeFirstOrThrow();
      await db.deleteFrom('baseUserRelation').where('id', '=', relation.id).execute();
      try {
        expect((await list(token)).status).toBe(403);
        expect((await config(token)).status).toBe(403);
      } finally {
        await db.insertInto('baseUserRelation').values(relation).execute();
      }
      expect((await list(token)).body.code).toBe(200);
    });
  });
});

describe('a kept list page follows the records at the next request', () => {
  it('a record created, changed or deleted, through the API or straight into the store, shows in the next first page', async () => {
    const db = server.database.db;
    const category = await db
      .selectFrom('baseDictionaryData').innerJoin('baseDictionaryType', 'baseDictionaryType.id', 'baseDictionaryData.dictionaryTypeId')
      .select('baseDictionaryData.enCode').where('baseDictionaryType.enCode', '=', 'goodsCategory').executeTakeFirstOrThrow();
    const first = async () => {
      const page = await list(adminToken);
      expect(page.body.code, page.body.msg).toBe(200);
      return page.body.data as { list: { id: string; goodsName?: string }[]; pagination: { total: number } };
    };
    for (let i = 0; i < 3; i += 1) await first();
    const before = (await first()).pagination.total;

    const created = await call(server, '/api/visualdev/OnlineDev/demo-model', { token: adminToken, json: { data: { goodsCode: 'NEW1', goodsName: '新商品', category: category.enCode, unit: 'pcs', price: 9 } } });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id as string;
    let page = await first();
    expect(page.pagination.total).toBe(before + 1);
    expect(page.list[0]).toMatchObject({ id, goodsName: '新商品' });

    const changed = await call(server, `/api/visualdev/OnlineDev/demo-model/${id}`, { method: 'PUT', token: adminToken, json: { data: { goodsName: '改名商品' } } });
    expect(changed.body.code, changed.body.msg).toBe(200);
    expect((await first()).list[0]).toMatchObject({ id, goodsName: '改名商品' });

    expect((await call(server, `/api/visualdev/OnlineDev/demo-model/${id}`, { method: 'DELETE', token: adminToken })).body.code).toBe(200);
    page = await first();
    expect(page.pagination.total).toBe(before);
    expect(page.list.map((r) => r.id)).not.toContain(id);

    const model = await releasedModel(db, 'demo-model');
    const direct = {
      id: newId(), modelId: model.id, createdBy: null, createdAt: Date.now(), modifiedBy: null, modifiedAt: null, organizeId: null, departmentId: null, positionId: null,
      data: JSON.stringify({ goodsCode: 'D1', goodsName: '直写商品', category: category.enCode, unit: 'pcs', price: 1, creatorTime: Date.now() + 60_000 }),
    };
    await db.transaction().execute((trx) => insertRecords(trx, model, [direct]));
    page = await first();
    expect(page.pagination.total).toBe(before + 1);
    expect(page.list[0]).toMatchObject({ id: direct.id, goodsName: '直写商品' });
  });
});
