import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';

// System configuration (spec 3 "System config", 7.16): what PUT SysConfig accepts, what it
// refuses (whole, in the caller's language), that the shell's CurrentUser reads the change, and
// that the services' secrets are write-only.
let server: TestServer;
let admin: ReturnType<typeof client>;
let en: ReturnType<typeof client>;
const configRows = async () => server.database.db.selectFrom('baseSysConfig').select(['key', 'value']).orderBy('key').execute();

beforeAll(async () => {
  server = await startTestServer();
  const token = await tokenFor(server.database.db, 'admin');
  admin = client(server.url, token);
  en = client(server.url, token, 'en');
});
afterAll(async () => {
  await server?.close();
});

describe('system configuration settings', () => {
  it('saves branding, layout, switches, password policy, captcha and lock-out, and the shell reads them', async () => {
    const changes = {
      sysName: '新名字平台', sysVersion: 'v2.0', title: '新标题', copyright: '© 2026 新公司', logoIcon: '/api/file/Image/userAvatar/x-1.png', navigationIcon: 'https://cdn.example.com/nav.png',
      layoutType: 'classic', themeClass: 'green', slideClass: 'light', tagsView: 0, showLanguage: 0, showSearch: 0,
      passwordStrengthLimit: 1, passwordLengthMin: 1, passwordLengthMinNumber: 8, containsNumbers: 1, includeUppercaseLetters: 1,
      enableVerificationCode: 1, verificationCodeNumber: 5, lockFailures: 3, lockMinutes: 30,
    };
    const saved = await en.put('/api/system/SysConfig', changes);
    expect(saved.body).toMatchObject({ code: 200, msg: 'Saved' });
    expect((await admin.get('/api/system/SysConfig')).body.data).toMatchObject(changes);
    const info = (await admin.get('/api/oauth/CurrentUser')).body.data.sysConfigInfo;
    expect(info).toMatchObject({ sysName: '新名字平台', title: '新标题', copyright: '© 2026 新公司', layoutType: 'classic', themeClass: 'green', logoIcon: '/api/file/Image/userAvatar/x-1.png', tagsView: 0 });
  });

  it.each([
    [{ sysName: '  ' }, 'System name is required', 'sysName'],
    [{ title: 'x'.repeat(101) }, 'Browser title can be at most 100 characters', 'title'],
    [{ layoutType: 'grid' }, 'Default layout must be one of: classic, functional, plain, blend', 'layoutType'],
    [{ themeClass: 'pink' }, 'Default theme must be one of: blue, purple, azure, ocean, green, yellow, orange, red', 'themeClass'],
    [{ tagsView: 2 }, 'tagsView must be 0 (off) or 1 (on)', 'tagsView'],
    [{ lockMinutes: 0 }, 'lockMinutes must be a whole number from 1 to 1440', 'lockMinutes'],
    [{ verificationCodeNumber: 9 }, 'verificationCodeNumber must be a whole number from 3 to 6', 'verificationCodeNumber'],
    [{ logoIcon: 'javascript:alert(1)' }, 'System logo must be a file service address (/api/file/…) or an address starting with http:// or https://', 'logoIcon'],
  ])('refuses %j whole, naming the field', async (change, message, field) => {
    const before = await configRows();
    const reply = await en.put('/api/system/SysConfig', { ...change, copyright: 'should not be written' });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toBe(message);
    expect(reply.body.data.errors).toEqual([{ field, message }]);
    expect(await configRows()).toEqual(before);
  });

  it("refuses a service address that is not http(s), in the caller's language", async () => {
    const zhTW = client(server.url, await tokenFor(server.database.db, 'admin'), 'zh-TW');
    const reply = await zhTW.put('/api/system/SysConfig', { dingSynUrl: 'file:///etc/passwd' });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toMatch(/^介面位址不正確：file:\/\/\/etc\/passwd/);
    expect((await en.put('/api/system/SysConfig', { qyhUrl: 'https://user:pw@qyapi.example.com' })).status).toBe(400);
  });

  it('keeps the service secrets write-only: the reply says only whether each is set', async () => {
    expect((await admin.get('/api/system/SysConfig')).body.data).toMatchObject({ dingSynAppSecretSet: false, qyhCorpSecretSet: false, qyhAgentSecretSet: false });
    expect((await admin.put('/api/system/SysConfig', { dingSynAppKey: 'k', dingSynAppSecret: 'TopSecret-Ding', qyhCorpSecret: 'TopSecret-Corp' })).body.code).toBe(200);
    const read = (await admin.get('/api/system/SysConfig')).body;
    expect(read.data).toMatchObject({ dingSynAppKey: 'k', dingSynAppSecretSet: true, qyhCorpSecretSet: true, qyhAgentSecretSet: false });
    expect(JSON.stringify(read)).not.toContain('TopSecret');
    expect(JSON.stringify((await admin.get('/api/oauth/CurrentUser')).body)).not.toContain('TopSecret');
    // an empty secret (the form's untouched field) keeps it; clearSecrets forgets one
    expect((await admin.put('/api/system/SysConfig', { dingSynAppSecret: '', clearSecrets: ['qyhCorpSecret'] })).body.code).toBe(200);
    expect((await admin.get('/api/system/SysConfig')).body.data).toMatchObject({ dingSynAppSecretSet: true, qyhCorpSecretSet: false });
  });

  it('drops a stored secret when its service address changes without a new one', async () => {
    expect((await admin.put('/api/system/SysConfig', { qyhCorpSecret: 'c', qyhAgentSecret: 'a' })).body.code).toBe(200);
    expect((await admin.put('/api/system/SysConfig', { dingSynUrl: 'https://oapi.dingtalk.com/' })).body.code).toBe(200);
    expect((await admin.get('/api/system/SysConfig')).body.data.dingSynAppSecretSet).toBe(true);
    expect((await admin.put('/api/system/SysConfig', { dingSynUrl: 'https://elsewhere.example.com' })).body.code).toBe(200);
    expect((await admin.put('/api/system/SysConfig', { qyhUrl: 'https://qy.example.com', qyhAgentSecret: 'new' })).body.code).toBe(200);
    expect((await admin.get('/api/system/SysConfig')).body.data).toMatchObject({ dingSynAppSecretSet: false, qyhCorpSecretSet: false, qyhAgentSecretSet: true });
  });

  it('lets a reader read and not write, and a customer neither', async () => {
    const staff = client(server.url, await tokenFor(server.database.db, 'staff'));
    const customer = client(server.url, await tokenFor(server.database.db, 'customer'));
    expect((await staff.get('/api/system/SysConfig')).body.code).toBe(200);
    expect((await staff.put('/api/system/SysConfig', { sysName: 'x' })).status).toBe(403);
    expect((await customer.get('/api/system/SysConfig')).status).toBe(403);
  });
});
