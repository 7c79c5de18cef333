import { describe, expect, it } from 'vitest';
import {
  buildMenuRoutes,
  findMenuRoute,
  readProperties,
  splitAddress,
  storedAddress,
  toNode,
  visualisationUrl,
  type MenuItem,
} from '../../src/runtime/menu/routes';

const item = (over: Partial<MenuItem>): MenuItem => ({ id: over.enCode ?? 'x', enCode: 'x', fullName: 'X', type: 2, ...over });

describe('menu item → node, one row per type (spec 2.4)', () => {
  const cases: { name: string; item: MenuItem; path: string; target: unknown; kind: string; moduleId?: string | null; isTree?: boolean }[] = [
    { name: '0 directory', item: item({ type: 0, enCode: 'sys' }), kind: 'directory', path: '', target: { kind: 'none' } },
    { name: '1 group: path from enCode', item: item({ type: 1, enCode: 'orderGroup' }), kind: 'group', path: '/orderGroup', target: { kind: 'none' } },
    { name: '2 page: address without query', item: item({ type: 2, urlAddress: 'system/user?tab=1' }), kind: 'page', path: '/system/user', target: { kind: 'route', to: '/system/user?tab=1' } },
    { name: '2 page: leading slash kept once', item: item({ type: 2, urlAddress: '/order' }), kind: 'page', path: '/order', target: { kind: 'route', to: '/order' } },
    {
      name: '3 model: address + propertyJson',
      item: item({ type: 3, enCode: 'goods', urlAddress: 'model/goods', propertyJson: '{"moduleId":"m1","isTree":1}' }),
      kind: 'model',
      path: '/model/goods',
      target: { kind: 'route', to: '/model/goods' },
      moduleId: 'm1',
      isTree: true,
    },
    {
      name: '3 model without address → /model/{enCode}',
      item: item({ type: 3, enCode: 'goods', propertyJson: '{"moduleId":"m1","isTree":0}' }),
      kind: 'model',
      path: '/model/goods',
      target: { kind: 'route', to: '/model/goods' },
      moduleId: 'm1',
      isTree: false,
    },
    { name: '4 dictionary', item: item({ type: 4, enCode: 'd', propertyJson: '{"moduleId":"dt","isTree":true}' }), kind: 'dictionary', path: '/dictionary/d', target: { kind: 'route', to: '/dictionary/d' }, moduleId: 'dt', isTree: true },
    { name: '5 report', item: item({ type: 5, enCode: 'r', propertyJson: '{"moduleId":7}' }), kind: 'report', path: '/report/r', target: { kind: 'route', to: '/report/r' }, moduleId: '7', isTree: false },
    { name: '8 portal', item: item({ type: 8, enCode: 'p', urlAddress: 'portal/p', propertyJson: 'not json' }), kind: 'portal', path: '/portal/p', target: { kind: 'route', to: '/portal/p' }, moduleId: null, isTree: false },
    {
      name: '6 visualisation: new window with token',
      item: item({ type: 6, urlAddress: '${dataV}/view/1?token=${jnpfToken}' }),
      kind: 'visualisation',
      path: '',
      target: { kind: 'window', url: 'https://dv.example/view/1?token=tok%2B1' },
    },
    {
      name: '7 external link _self → in-app /externalLink',
      item: item({ type: 7, urlAddress: 'https://example.com/a?b=1', linkTarget: '_self' }),
      kind: 'externalLink',
      path: '/externalLink',
      target: { kind: 'route', to: '/externalLink?href=' + encodeURIComponent('https://example.com/a?b=1') },
    },
    { name: '7 external link _blank → new window', item: item({ type: 7, urlAddress: 'https://example.com', linkTarget: '_blank' }), kind: 'externalLink', path: '', target: { kind: 'window', url: 'https://example.com' } },
    { name: '7 external link bare host → absolute', item: item({ type: 7, urlAddress: 'www.example.com', linkTarget: '_blank' }), kind: 'externalLink', path: '', target: { kind: 'window', url: 'http://www.example.com' } },
    { name: 'unknown type', item: item({ type: 42 }), kind: 'unknown', path: '', target: { kind: 'none' } },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const node = toNode(c.item, { dataV: 'https://dv.example/', token: 'tok+1' });
      expect(node.kind).toBe(c.kind);
      expect(node.path).toBe(c.path);
      expect(node.target).toEqual(c.target);
      if ('moduleId' in c) expect(node.moduleId).toBe(c.moduleId);
      if ('isTree' in c) expect(node.isTree).toBe(c.isTree);
    });
  }
});

describe('propertyJson', () => {
  it.each([
    [null, { moduleId: null, isTree: false }],
    ['', { moduleId: null, isTree: false }],
    ['{bad', { moduleId: null, isTree: false }],
    ['[]', { moduleId: null, isTree: false }],
    ['"text"', { moduleId: null, isTree: false }],
    ['{"moduleId":"a","isTree":"1"}', { moduleId: 'a', isTree: true }],
    ['{"moduleId":"a","isTree":0}', { moduleId: 'a', isTree: false }],
  ])('%s', (json, expected) => expect(readProperties(json)).toEqual(expected));
});

describe('visualisation placeholders', () => {
  it('substitutes host and token', () => {
    expect(visualisationUrl('${dataV}/s?id=1&token=${jnpfToken}', { dataV: 'http://h:1', token: 'abc' })).toBe('http://h:1/s?id=1&token=abc');
  });
  it('appends the token when the address has no placeholder', () => {
    expect(visualisationUrl('http://h/s', { token: 'abc' })).toBe('http://h/s?token=abc');
    expect(visualisationUrl('http://h/s?x=1', { token: 'abc' })).toBe('http://h/s?x=1&token=abc');
  });
  it('leaves the address alone without a token', () => {
    expect(visualisationUrl('http://h/s', { token: null })).toBe('http://h/s');
  });
});

describe('splitAddress', () => {
  it('drops the query and normalises slashes', () => {
    expect(splitAddress('a//b/?x=1')).toEqual({ path: '/a/b', query: 'x=1' });
  });
});

describe('buildMenuRoutes', () => {
  const menu: MenuItem[] = [
    {
      id: '2',
      enCode: 'sys',
      fullName: '系统管理',
      type: 0,
      sortCode: 2,
      children: [
        { id: '21', enCode: 'sys.user', fullName: '用户管理', type: 2, urlAddress: 'permission/user', sortCode: 1 },
        { id: '22', enCode: 'sys.hidden', fullName: '隐藏页', type: 2, urlAddress: 'permission/hidden', isHidden: 1, sortCode: 2 },
      ],
    },
    { id: '1', enCode: 'order', fullName: '我的订单', fullName_i18n: { 'zh-TW': '我的訂單', en: 'My orders' }, type: 2, urlAddress: 'order', sortCode: 1 },
    { id: '3', enCode: 'dv', fullName: '大屏', type: 6, urlAddress: '${dataV}/v?t=${jnpfToken}', sortCode: 3 },
    { id: '4', enCode: 'link', fullName: '帮助', type: 7, urlAddress: 'https://help.example', linkTarget: '_self', sortCode: 4 },
    {
      id: '5',
      enCode: 'hiddenDir',
      fullName: 'Hidden dir',
      type: 0,
      isHidden: true,
      sortCode: 5,
      children: [{ id: '51', enCode: 'child', fullName: 'Child', type: 2, urlAddress: 'child' }],
    },
  ];
  const built = buildMenuRoutes(menu, { dataV: 'http://dv', token: 't', locale: 'en' });

  it('sorts by sortCode and excludes hidden entries from navigation', () => {
    expect(built.navigation.map((n) => n.enCode)).toEqual(['order', 'sys', 'dv', 'link']);
    expect(built.navigation[1]!.children.map((n) => n.enCode)).toEqual(['sys.user']);
  });
  it('keeps hidden entries routable, including children of hidden directories', () => {
    expect(built.routes.map((r) => r.path).sort()).toEqual(['/child', '/order', '/permission/hidden', '/permission/user']);
    expect(findMenuRoute(built.routes, '/permission/hidden')?.hidden).toBe(true);
  });
  it('excludes hidden entries and directories from search', () => {
    expect(built.searchable.map((n) => n.enCode).sort()).toEqual(['dv', 'link', 'order', 'sys.user']);
  });
  it('titles: the entry\'s translation in the locale, else fullName', () => {
    expect(built.navigation[0]!.title).toBe('My orders');
    expect(buildMenuRoutes(menu, { locale: 'zh-TW' }).navigation[0]!.title).toBe('我的訂單');
    expect(buildMenuRoutes(menu, { locale: 'zh-CN' }).navigation[0]!.title).toBe('我的订单');
    expect(built.navigation[1]!.title).toBe('系统管理');
  });
  it('tolerates an empty or missing menu', () => {
    expect(buildMenuRoutes(null)).toEqual({ navigation: [], routes: [], searchable: [] });
  });
});

describe('addresses as the menu stores and sends them', () => {
  it('drops the leading slash of in-app pages (2, 3, 4, 5, 8); the front end adds it back', () => {
    expect(storedAddress(2, '/systemData/dictionary')).toBe('systemData/dictionary');
    expect(storedAddress(3, '//operations/goods ')).toBe('operations/goods');
    for (const type of [4, 5, 8]) expect(storedAddress(type, 'a/b')).toBe('a/b');
    expect(toNode(item({ type: 2, urlAddress: storedAddress(2, '/systemData/dictionary') })).path).toBe('/systemData/dictionary');
  });
  it('keeps visualisation and link addresses as written', () => {
    expect(storedAddress(6, '/DataV/view/1?token=${jnpfToken}')).toBe('/DataV/view/1?token=${jnpfToken}');
    expect(storedAddress(7, 'https://example.com/')).toBe('https://example.com/');
    expect(storedAddress(2, null)).toBeNull();
  });
});
