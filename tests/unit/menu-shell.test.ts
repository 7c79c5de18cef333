import { describe, expect, it } from 'vitest';
import { buildMenuRoutes, type MenuItem } from '../../src/runtime/menu/routes';
import { activeTopItem, createMenuSearch, MENU_SEARCH_OPTIONS, searchEntries, splitTopMenu, TOP_MENU_ENTRY_WIDTH } from '../../src/app/shell/menu-logic';

const menu: MenuItem[] = [
  { id: 'd1', enCode: 'order', fullName: '订单中心', type: 0, sortCode: 1, children: [
    { id: 'p1', enCode: 'order.my', fullName: '我的订单', type: 2, urlAddress: 'order' },
    { id: 'm1', enCode: 'order.model', fullName: '订单模型', type: 3, urlAddress: 'orders/model', propertyJson: '{"moduleId":"mod-1"}' },
    { id: 'h1', enCode: 'order.hidden', fullName: '隐藏订单', type: 2, urlAddress: 'hiddenOrder', isHidden: 1 },
  ] },
  { id: 'd2', enCode: 'stock', fullName: '库存管理', type: 0, sortCode: 2, children: [
    { id: 'p2', enCode: 'stock.list', fullName: '库存查询', type: 2, urlAddress: 'inventory' },
    { id: 'p3', enCode: 'stock.price', fullName: '价格监控', type: 2, urlAddress: 'pricemonitor' },
  ] },
  { id: 'p4', enCode: 'invoice', fullName: '我的发票', type: 2, urlAddress: 'invoice', sortCode: 3 },
];
const { navigation, searchable } = buildMenuRoutes(menu);

describe('top menu overflow', () => {
  it('fits 116 px per entry; the rest go under more (which takes a slot)', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    expect(TOP_MENU_ENTRY_WIDTH).toBe(116);
    expect(splitTopMenu(items, 116 * 5)).toEqual({ shown: items, more: [] });
    expect(splitTopMenu(items, 116 * 3 + 50)).toEqual({ shown: ['a', 'b'], more: ['c', 'd', 'e'] });
    expect(splitTopMenu(items, 0)).toEqual({ shown: [], more: items });
  });
});

describe('blend layout active top item', () => {
  it('follows the model id, then the path; the first entry on /home and /dashboard', () => {
    expect(activeTopItem(navigation, '/home')?.id).toBe('d1');
    expect(activeTopItem(navigation, '/dashboard')?.id).toBe('d1');
    expect(activeTopItem(navigation, '/somewhere', 'mod-1')?.id).toBe('d1');
    expect(activeTopItem(navigation, '/inventory')?.id).toBe('d2');
    expect(activeTopItem(navigation, '/invoice')?.id).toBe('p4');
  });
});

describe('menu search', () => {
  it('uses threshold 0.4, title weight 0.7 and path weight 0.3', () => {
    expect(MENU_SEARCH_OPTIONS.threshold).toBe(0.4);
    expect(MENU_SEARCH_OPTIONS.keys).toEqual([{ name: 'title', weight: 0.7 }, { name: 'path', weight: 0.3 }]);
  });

  it('finds by title and by path, never hidden entries or directories', () => {
    const search = createMenuSearch(searchEntries(searchable));
    expect(search('库存')[0]?.title).toBe('库存查询');
    expect(search('pricemon')[0]?.title).toBe('价格监控');
    expect(search('隐藏').map((e) => e.title)).not.toContain('隐藏订单');
    expect(search('订单中心').map((e) => e.id)).not.toContain('d1');
    expect(search('   ')).toEqual([]);
  });
});
