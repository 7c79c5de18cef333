import { describe, expect, it } from 'vitest';
import { addView, afterClose, arrowScroll, delAllViews, delCachedView, delOthersViews, delView, EMPTY_TABS, parseStoredTabs, restoreViews, serialiseTabs, stripOverflow, tabsStorageKey, updateVisitedView, viewOf, wheelScroll, type TabState } from '../../src/app/tabs/tabs';

const home = viewOf('/home', '', { title: '首页', affix: true });
const order = viewOf('/order', '?x=1', { title: '我的订单' });
const stock = viewOf('/inventory', '', { title: '库存' });
const preview = viewOf('/previewModel', 'id=1', { title: '功能预览', noCache: true });

function open(...views: ReturnType<typeof viewOf>[]): TabState {
  return views.reduce(addView, EMPTY_TABS);
}

describe('tab-view store', () => {
  it('adds each path once and keeps fullPath with the query', () => {
    const s = open(home, order, order, stock);
    expect(s.visited.map((v) => v.path)).toEqual(['/home', '/order', '/inventory']);
    expect(s.visited[1]!.fullPath).toBe('/order?x=1');
    expect(s.cached).toEqual(['/home', '/order', '/inventory']);
  });

  it('re-adding a path with another query updates it in place', () => {
    const s = addView(open(home, order), viewOf('/order', 'x=2', { title: '我的订单' }));
    expect(s.visited).toHaveLength(2);
    expect(s.visited[1]!.fullPath).toBe('/order?x=2');
  });

  it('does not cache views flagged no-cache', () => {
    const s = open(home, preview);
    expect(s.visited.map((v) => v.path)).toContain('/previewModel');
    expect(s.cached).not.toContain('/previewModel');
  });

  it('delete removes a view from both lists; affix views cannot close', () => {
    const s = open(home, order, stock);
    expect(delView(s, order).visited.map((v) => v.path)).toEqual(['/home', '/inventory']);
    expect(delView(s, order).cached).toEqual(['/home', '/inventory']);
    expect(delView(s, home)).toBe(s);
  });

  it('delete others keeps the view and the affix ones', () => {
    const s = delOthersViews(open(home, order, stock), stock);
    expect(s.visited.map((v) => v.path)).toEqual(['/home', '/inventory']);
    expect(s.cached).toEqual(['/home', '/inventory']);
  });

  it('delete all keeps affix views', () => {
    const s = delAllViews(open(home, order, stock));
    expect(s.visited.map((v) => v.path)).toEqual(['/home']);
    expect(s.cached).toEqual(['/home']);
  });

  it('delete cached drops only the cache entry (refresh)', () => {
    const s = delCachedView(open(home, order), order);
    expect(s.visited).toHaveLength(2);
    expect(s.cached).toEqual(['/home']);
  });

  it('update by path changes fullPath and title of that view only', () => {
    const s = updateVisitedView(open(home, order), { path: '/order', fullPath: '/order?x=9', meta: { title: 'Orders' } });
    expect(s.visited[1]).toMatchObject({ fullPath: '/order?x=9', meta: { title: 'Orders' } });
    expect(s.visited[0]).toEqual(home);
  });

  it('after closing: the last remaining view, else the dashboard redirects to itself, else the root', () => {
    expect(afterClose([home, order], stock)).toBe('/order?x=1');
    expect(afterClose([], viewOf('/dashboard', '', { title: 'd' }))).toBe('/redirect/dashboard');
    expect(afterClose([], stock)).toBe('/');
  });

  it('wheel scrolls by delta / 4 within the range', () => {
    expect(wheelScroll(0, 100, 500)).toBe(25);
    expect(wheelScroll(10, -100, 500)).toBe(0);
    expect(wheelScroll(490, 100, 500)).toBe(500);
    expect(wheelScroll(0, 100, -5)).toBe(0);
  });
});

describe('tabs across reloads (per user)', () => {
  const home = viewOf('/home', '', { title: '首页', affix: true });
  const order = viewOf('/order', 'status=1', { title: '我的订单' });
  const stock = viewOf('/inventory', '', { title: '库存' });
  const gone = viewOf('/permission/user', '', { title: '用户管理' });

  it('round-trips through storage text and ignores what it did not write', () => {
    const back = parseStoredTabs(serialiseTabs([home, order]));
    expect(back.map((v) => [v.path, v.fullPath, v.meta.affix])).toEqual([
      ['/home', '/home', true],
      ['/order', '/order?status=1', false],
    ]);
    expect(parseStoredTabs('not json')).toEqual([]);
    expect(parseStoredTabs('{"a":1}')).toEqual([]);
    expect(parseStoredTabs('[null, {"path": 3}, {"path": "relative"}]')).toEqual([]);
    expect(tabsStorageKey('u1')).not.toBe(tabsStorageKey('u2'));
  });

  it('restores stored tabs in order, drops those the user may no longer open, keeps what is open now', () => {
    const now = addView(addView(EMPTY_TABS, home), viewOf('/inventory', 'page=2', { title: '库存' }));
    const restored = restoreViews(now, [home, order, gone, stock, viewOf('/404', '', { title: '404' })], (p) => p !== '/permission/user');
    expect(restored.visited.map((v) => v.fullPath)).toEqual(['/home', '/order?status=1', '/inventory?page=2']);
    // only the strip comes back: pages mount when opened
    expect(restored.cached).toEqual(now.cached);
  });
});

describe('tab-strip arrows', () => {
  it('shows an arrow only while tabs overflow that way', () => {
    expect(stripOverflow(0, 800, 600)).toEqual({ left: false, right: false });
    expect(stripOverflow(0, 800, 2000)).toEqual({ left: false, right: true });
    expect(stripOverflow(500, 800, 2000)).toEqual({ left: true, right: true });
    expect(stripOverflow(1200, 800, 2000)).toEqual({ left: true, right: false });
  });
  it('scrolls most of a strip per click, within the range', () => {
    expect(arrowScroll(0, 1, 800, 1200)).toBe(640);
    expect(arrowScroll(640, 1, 800, 1200)).toBe(1200);
    expect(arrowScroll(100, -1, 800, 1200)).toBe(0);
  });
});
