import { describe, expect, it } from 'vitest';
import { acceptCurrentUser } from '../../src/app/session/session';
import type { CurrentUser } from '../../src/app/api/types';

const user = { userId: 'u1', userAccount: 'admin', userName: '管理员', systemIds: [{ id: 'sys-b', currentSystem: true }] };
const menu = [{ id: '1', enCode: 'home', fullName: '首页', type: 2, urlAddress: 'order' }];
const otherMenu = [{ id: '2', enCode: 'other', fullName: '别的', type: 2, urlAddress: 'other' }];
/** CurrentUser's menuList: one node per system, the menu under children. */
const systems = [
  { id: 'sys-a', enCode: 'a', fullName: 'A', type: 0, children: otherMenu },
  { id: 'sys-b', enCode: 'b', fullName: 'B', type: 0, children: menu },
];

describe('CurrentUser acceptance (spec 8)', () => {
  it('empty user info fails with 验证失败，请重新登录。', () => {
    expect(acceptCurrentUser({ menuList: systems, userInfo: null, permissionList: [] })).toEqual({ kind: 'failed', message: null, messageKey: 'app.authFailed' });
    expect(acceptCurrentUser(null)).toMatchObject({ messageKey: 'app.authFailed' });
  });
  it('an empty menu fails sign-in with 您的权限不足，请联系管理员', () => {
    expect(acceptCurrentUser({ menuList: [], userInfo: user, permissionList: [] } as CurrentUser)).toMatchObject({ messageKey: 'app.noMenuPermission' });
    // The current system has no entries: as empty as no systems at all.
    const empty = [{ id: 'sys-b', enCode: 'b', fullName: 'B', type: 0, children: [] }];
    expect(acceptCurrentUser({ menuList: empty, userInfo: user, permissionList: [] } as CurrentUser)).toMatchObject({ messageKey: 'app.noMenuPermission' });
  });
  it('user info and a menu are accepted: the menu of the system flagged currentSystem', () => {
    expect(acceptCurrentUser({ menuList: systems, userInfo: user, permissionList: [], sysConfigInfo: { sysName: 'S' } } as CurrentUser)).toEqual({
      userInfo: user,
      menuList: menu,
      permissionList: [],
      sysConfig: { sysName: 'S' },
    });
  });
  it('without a flagged system the first one is used', () => {
    const unflagged = { ...user, systemIds: [{ id: 'sys-a' }, { id: 'sys-b' }] };
    expect(acceptCurrentUser({ menuList: systems, userInfo: unflagged, permissionList: [] } as CurrentUser)).toMatchObject({ menuList: otherMenu });
  });
});
