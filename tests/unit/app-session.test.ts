import { describe, expect, it } from 'vitest';
import { acceptCurrentUser } from '../../src/app/session/session';
import type { CurrentUser } from '../../src/app/api/types';

const user = { userId: 'u1', userAccount: 'admin', userName: '管理员' };
const menu = [{ id: '1', enCode: 'home', fullName: '首页', type: 2, urlAddress: '/order' }];

describe('CurrentUser acceptance (spec 8)', () => {
  it('empty user info fails with 验证失败，请重新登录。', () => {
    expect(acceptCurrentUser({ menuList: menu, userInfo: null, permissionList: [] })).toEqual({ kind: 'failed', message: null, messageKey: 'app.authFailed' });
    expect(acceptCurrentUser(null)).toMatchObject({ messageKey: 'app.authFailed' });
  });
  it('an empty menu fails sign-in with 您的权限不足，请联系管理员', () => {
    expect(acceptCurrentUser({ menuList: [], userInfo: user, permissionList: [] } as CurrentUser)).toMatchObject({ messageKey: 'app.noMenuPermission' });
  });
  it('user info and a menu are accepted', () => {
    expect(acceptCurrentUser({ menuList: menu, userInfo: user, permissionList: [], sysConfigInfo: { sysName: 'S' } } as CurrentUser)).toEqual({
      userInfo: user,
      menuList: menu,
      permissionList: [],
      sysConfig: { sysName: 'S' },
    });
  });
});
