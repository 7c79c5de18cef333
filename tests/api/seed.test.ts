import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import argon2 from 'argon2';
import { startTestServer, type TestServer } from '../helpers/server';
import { DEMO_ACCOUNTS, seedDemoData } from '../../server/db/seed';
import { md5 } from './oauth-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('demo seed', () => {
  it('seeds once: a second run finds users and changes nothing', async () => {
    const before = await server.database.db.selectFrom('baseModule').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(await seedDemoData(server.database.db, { password: 'other' })).toBe(false);
    const after = await server.database.db.selectFrom('baseModule').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('creates every demo account with argon2id(md5(password)), a mobile and a changed-password date', async () => {
    const users = await server.database.db.selectFrom('baseUser').selectAll().orderBy('mobile').execute();
    expect(users.map((u) => u.account)).toEqual(DEMO_ACCOUNTS.map((a) => a.account));
    expect(users.map((u) => u.mobile)).toEqual(['13800000000', '13800000001', '13800000002', '13800000003']);
    for (const u of users) {
      expect(u.passwordHash.startsWith('$argon2id$')).toBe(true);
      expect(await argon2.verify(u.passwordHash, md5('demo1234'))).toBe(true);
      expect(u.changePasswordDate).toEqual(expect.any(Number));
    }
    expect(users.filter((u) => u.isAdministrator === 1).map((u) => u.account)).toEqual(['admin']);
    expect(users.filter((u) => u.userKind === 'customer').map((u) => u.account)).toEqual(['customer', 'customer2']);
  });

  it('builds the organisation tree, roles and the system configuration', async () => {
    const db = server.database.db;
    const orgs = await db.selectFrom('baseOrganize').select(['fullName', 'category']).execute();
    expect(orgs.map((o) => o.fullName)).toEqual(expect.arrayContaining(['供应链管理有限公司', '运营部', '财务部', '信息部', '华东客户公司', '华南客户公司']));
    const roles = await db.selectFrom('baseRole').select('fullName').execute();
    expect(roles.map((r) => r.fullName).sort()).toEqual(['业务客户', '员工', '管理员'].sort());
    const config = Object.fromEntries((await db.selectFrom('baseSysConfig').selectAll().execute()).map((r) => [r.key, r.value]));
    expect(config).toMatchObject({ sysName: '供应链服务平台', layoutType: 'functional', themeClass: 'blue', errorLog: 'production', enableVerificationCode: '0', verificationCodeNumber: '4' });
    for (const key of ['passwordStrengthLimit', 'passwordLengthMin', 'passwordLengthMinNumber', 'containsNumbers', 'includeLowercaseLetters', 'includeUppercaseLetters', 'containsCharacters', 'mandatoryModificationOfInitialPassword', 'lockFailures', 'lockMinutes', 'singleLogin']) {
      expect(config, key).toHaveProperty(key);
    }
  });

  it('has one menu entry at least of each type 0-8, all under existing parents', async () => {
    const modules = await server.database.db.selectFrom('baseModule').selectAll().execute();
    expect(new Set(modules.map((m) => m.type))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    const ids = new Set(modules.map((m) => m.id));
    for (const m of modules) expect(m.parentId === '-1' || ids.has(m.parentId), m.fullName).toBe(true);
    const items = await server.database.db.selectFrom('baseModuleItem').selectAll().execute();
    const page = modules.find((m) => m.id === items[0]!.moduleId)!;
    expect(page.type).toBe(3);
  });
});
