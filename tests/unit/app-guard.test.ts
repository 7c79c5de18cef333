import { describe, expect, it } from 'vitest';
import { decideNavigation, isDuplicateNavigation, routeFailureMessage, WHITE_LIST, type GuardInput } from '../../src/app/router/guard';

const known = new Set(['/', '/home', '/order', '/404', '/lockScreen', '/guide']);
const base: GuardInput = { path: '/home', search: '', token: 'tok', locked: false, menuLoaded: true, isKnownPath: (p) => known.has(p) };
const run = (over: Partial<GuardInput>) => decideNavigation({ ...base, ...over });

describe('navigation guard (spec 2.2)', () => {
  const table: [string, Partial<GuardInput>, unknown][] = [
    ['no token, protected path → /guide', { token: null, path: '/home' }, { kind: 'redirect', to: '/guide' }],
    ['no token, /lockScreen is not whitelisted → /guide', { token: null, path: '/lockScreen' }, { kind: 'redirect', to: '/guide' }],
    ['no token, unknown path → /guide', { token: null, path: '/nope' }, { kind: 'redirect', to: '/guide' }],
    ['token + locked → /lockScreen', { locked: true, path: '/home' }, { kind: 'redirect', to: '/lockScreen' }],
    ['token + locked on /lockScreen → allow', { locked: true, path: '/lockScreen', menuLoaded: false }, { kind: 'allow' }],
    ['token + locked on /login → / (then the lock applies)', { locked: true, path: '/login' }, { kind: 'redirect', to: '/' }],
    ['token on /login → /', { path: '/login' }, { kind: 'redirect', to: '/' }],
    ['token on / → /home before the menu loads (spec 2.3)', { path: '/', menuLoaded: false }, { kind: 'redirect', to: '/home' }],
    ['token on / with a query → /home with it', { path: '/', search: '?majorId=m1' }, { kind: 'redirect', to: '/home?majorId=m1' }],
    ['no token on / → /guide', { token: null, path: '/' }, { kind: 'redirect', to: '/guide' }],
    ['token, menu not loaded → load', { menuLoaded: false }, { kind: 'load' }],
    ['token, menu not loaded, even for unknown paths → load first', { menuLoaded: false, path: '/nope' }, { kind: 'load' }],
    ['token, menu loaded, known → allow', {}, { kind: 'allow' }],
    ['token, menu loaded, unknown → /404', { path: '/nope' }, { kind: 'redirect', to: '/404' }],
    ['token, /guide is still reachable once loaded', { path: '/guide' }, { kind: 'allow' }],
  ];
  for (const [name, over, outcome] of table) it(name, () => expect(run(over).outcome).toEqual(outcome));

  it.each(WHITE_LIST)('no token, %s is whitelisted', (path) => {
    expect(run({ token: null, path }).outcome).toEqual({ kind: 'allow' });
  });

  it.each(['/home', '/debtHome', '/workFlowDetail'])('token query on %s replaces a different stored token', (path) => {
    const d = run({ path, search: '?token=new', token: 'old' });
    expect(d.adoptToken).toBe('new');
    expect(d.outcome).toEqual({ kind: 'load' });
  });
  it('token query on a data-visualisation view (type 6 address) replaces a different stored token', () => {
    const d = run({ path: '/DataV/view/demo-portal', search: '?token=new', token: 'old' });
    expect(d.adoptToken).toBe('new');
    expect(run({ path: '/DataV/viewer', search: '?token=new', token: 'old' }).adoptToken).toBeUndefined();
  });
  it('token query lets a visitor without a stored token in', () => {
    const d = run({ path: '/home', search: 'token=new', token: null, menuLoaded: false });
    expect(d.adoptToken).toBe('new');
    expect(d.outcome).toEqual({ kind: 'load' });
  });
  it('the same token is not adopted again', () => {
    expect(run({ search: '?token=tok' }).adoptToken).toBeUndefined();
  });
  it('token query elsewhere is ignored', () => {
    expect(run({ path: '/order', search: '?token=new' }).adoptToken).toBeUndefined();
  });
  it('majorId asks for the message to be marked read', () => {
    expect(run({ search: '?majorId=m1' }).markMessageRead).toBe('m1');
    expect(run({}).markMessageRead).toBeUndefined();
  });
});

describe('duplicate navigation', () => {
  it.each([
    ['/home', '/home', true],
    ['/home/', '/home', true],
    ['/a?x=1&y=2', '/a?y=2&x=1', true],
    ['/a?x=1', '/a?x=2', false],
    ['/a', '/b', false],
  ] as const)('%s → %s', (a, b, dup) => expect(isDuplicateNavigation(a, b)).toBe(dup));
});

describe('route failure message', () => {
  it.each([
    ['boom', 'boom'],
    [{ msg: 'server says' }, 'server says'],
    [new Error('err'), 'err'],
    [42, 'Has Error'],
    [null, 'Has Error'],
    [{}, 'Has Error'],
  ] as const)('%s', (error, text) => expect(routeFailureMessage(error)).toBe(text));
});
