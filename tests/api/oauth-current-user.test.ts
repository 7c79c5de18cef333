import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { call, login, tokenOf } from './oauth-client';

interface Node {
  id: string;
  enCode: string;
  fullName: string;
  type: number;
  urlAddress: string | null;
  linkTarget: string | null;
  propertyJson: string | null;
  isHidden: number;
  sortCode: number;
  hasChildren: boolean;
  children: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
/** The current system's menu tree: what the product's client takes from menuList and routerList. */
const menuOf = (data: any, list: 'menuList' | 'routerList' = 'menuList'): Node[] => {
  const current = data.userInfo.systemIds.find((s: { currentSystem: boolean }) => s.currentSystem).id;
  return data[list].filter((o: Node) => o.id === current)[0].children;
};

let server: TestServer;
const info: Record<string, any> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const account of ['admin', 'staff', 'customer', 'customer2']) {
    const reply = await call(server, '/api/oauth/CurrentUser', { token: await tokenOf(server, account) });
    expect(reply.body.code, account).toBe(200);
    info[account] = reply.body.data;
  }
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/oauth/CurrentUser', () => {
  it("gives the administrator every menu type 0-8 and system management", () => {
    const all = flat(menuOf(info.admin));
    expect(new Set(all.map((n) => n.type))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    expect(menuOf(info.admin).map((n: Node) => n.fullName)).toContain('系统管理');
    const byType = (t: number) => all.filter((n) => n.type === t);
    for (const t of [3, 4, 5, 8]) {
      for (const n of byType(t)) expect(JSON.parse(n.propertyJson!)).toMatchObject({ moduleId: expect.stringMatching(/^(demo|flow)-/), isTree: expect.any(Number) });
    }
    expect(byType(6)[0]!.urlAddress).toMatch(/\$\{dataV\}.*\$\{jnpfToken\}/);
    expect(byType(7).map((n) => n.linkTarget).sort()).toEqual(['_blank', '_self']);
    expect(all.some((n) => n.isHidden === 1)).toBe(true);
    // Sorted by sortCode at every level, hasChildren consistent.
    for (const n of [{ children: menuOf(info.admin) } as Node, ...all]) {
      const codes = n.children.map((c) => c.sortCode);
      expect(codes).toEqual([...codes].sort((a, b) => a - b));
    }
    for (const n of all) expect(n.hasChildren).toBe(n.children.length > 0);
    expect(info.admin.permissionList.find((p: any) => p.button.length)?.button.map((b: any) => b.enCode)).toEqual(['btn_add', 'btn_edit', 'btn_remove', 'btn_download', 'btn_batchRemove', 'btn_detail']);
  });

  it('gives customers the ordering menus only, without system management', () => {
    for (const account of ['customer', 'customer2']) {
      const top = menuOf(info[account]).map((n: Node) => n.fullName);
      expect(top, account).toEqual(['业务订单']);
      const urls = flat(menuOf(info[account], 'routerList')).map((r: Node) => r.urlAddress);
      for (const url of ['order', 'getOrder', 'inventory', 'pricemonitor', 'settlement', 'invoice', 'capitalPool', 'credit', 'waitGoods', 'noSpec', 'addOrder', 'outOrder']) {
        expect(urls, `${account} ${url}`).toContain(url);
      }
      expect(urls.some((u) => !!u && /^\/?(system|permission)/.test(u))).toBe(false);
      expect(info[account].permissionList).toEqual([]);
      expect(info[account].userInfo.permissionCodes).toEqual([]);
      expect(info[account].userInfo.userKind).toBe('customer');
    }
    expect(info.customer.userInfo.organizeName).toBe('华东客户公司');
    expect(info.customer2.userInfo.organizeName).toBe('华南客户公司');
  });

  it('gives staff the operations and ordering menus with the granted page items only', () => {
    const top = menuOf(info.staff).map((n: Node) => n.fullName);
    expect(top).toContain('运营管理');
    expect(top).not.toContain('系统管理');
    const goods = info.staff.permissionList[0];
    // schemas/menu.json grants staff everything on 商品档案 but deleting and the sales price.
    expect(goods.button.map((b: any) => b.enCode)).toEqual(['btn_add', 'btn_edit', 'btn_download', 'btn_detail']);
    expect(goods.column.map((b: any) => b.enCode)).toEqual(['goodsCode', 'goodsName', 'category', 'unit', 'onSale', 'quality', 'creatorTime']);
    expect(goods.form.map((b: any) => b.enCode)).not.toContain('price');
    expect(goods.form.map((b: any) => b.enCode)).toContain('goodsName');
    expect(info.staff.userInfo.permissionCodes).toEqual(['business.certification:review', 'business.funds:manage', 'business.goods:manage', 'business.invoice:manage', 'business.orders:manage', 'business.outbound:manage', 'system.config:read', 'system.dictionary:manage']);
    expect(info.staff.userInfo).toMatchObject({ departmentName: '运营部', organizeName: '供应链管理有限公司', positionName: '运营专员' });
  });

  it('sends menuList and routerList as one node per system of the user, its menu tree under children', () => {
    for (const account of ['admin', 'staff', 'customer']) {
      const data = info[account];
      expect(data.menuList.map((s: Node) => s.id)).toEqual(data.userInfo.systemIds.map((s: { id: string }) => s.id));
      expect(data.routerList).toEqual(data.menuList);
      expect(data.menuList[0]).toMatchObject({ fullName: '供应链服务平台', type: 0, parentId: '-1', hasChildren: true });
    }
  });

  it('carries every user-info field of the spec, and the system config without secrets', () => {
    const fields = [
      'userId', 'userAccount', 'userName', 'headIcon', 'portalId', 'signImg', 'changePasswordDate', 'systemIds', 'organizeId', 'positionIds',
      'account', 'realName', 'department', 'departmentName', 'organizeName', 'positionName', 'prevLogin', 'prevLoginTime',
      'prevLoginIPAddress', 'prevLoginIPAddressName', 'isAdministrator', 'userKind', 'theme', 'language', 'permissionCodes',
    ];
    for (const f of fields) expect(info.admin.userInfo, f).toHaveProperty(f);
    expect(info.admin.userInfo).toMatchObject({ userAccount: 'admin', isAdministrator: true, prevLogin: 0, theme: 'functional' });
    expect(info.admin.userInfo.systemIds).toEqual([{ id: expect.any(String), fullName: '供应链服务平台', currentSystem: true }]);
    expect(info.admin.userInfo.positionIds.length).toBe(2);
    expect(info.admin.userInfo.changePasswordDate).toEqual(expect.any(Number));
    expect(info.admin.userInfo.permissionCodes).toContain('system.config:read');
    expect(info.admin.sysConfigInfo).toMatchObject({ sysName: '供应链服务平台', layoutType: 'functional', themeClass: 'blue', errorLog: 'production' });
    for (const secret of ['lockFailures', 'lockMinutes', 'singleLogin', 'enableVerificationCode']) expect(info.admin.sysConfigInfo).not.toHaveProperty(secret);
  });

  it('reports the previous sign-in after a second one, naming a local address', async () => {
    const token = await tokenOf(server, 'admin');
    const again = await call(server, '/api/oauth/CurrentUser', { token, headers: { 'x-language': 'en' } });
    expect(again.body.data.userInfo).toMatchObject({ prevLogin: 1, prevLoginIPAddress: '127.0.0.1', prevLoginIPAddressName: 'Local network' });
    expect(again.body.data.userInfo.prevLoginTime).toEqual(expect.any(Number));
    const zh = await call(server, '/api/oauth/CurrentUser', { token });
    expect(zh.body.data.userInfo.prevLoginIPAddressName).toBe('本地局域网');
  });

  it('refuses a permission-coded route to a customer with 403 and serves it to staff', async () => {
    const customer = await call(server, '/api/system/SysConfig', { token: await tokenOf(server, 'customer') });
    expect(customer.status).toBe(403);
    expect(customer.body).toEqual({ code: 403, msg: '暂无权限' });
    const english = await call(server, '/api/system/SysConfig', { token: await tokenOf(server, 'customer'), headers: { 'x-language': 'en' } });
    expect(english.body.msg).toBe('Permission denied');
    const staff = await call(server, '/api/system/SysConfig', { token: await tokenOf(server, 'staff') });
    expect(staff.body.code).toBe(200);
    expect(staff.body.data).toMatchObject({ sysName: '供应链服务平台', lockFailures: 5, lockMinutes: 10, enableVerificationCode: 0 });
  });

  it('answers 600 without a token', async () => {
    const reply = await call(server, '/api/oauth/CurrentUser');
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe(600);
    expect((await login(server, 'admin')).body.code).toBe(200);
  });
});
