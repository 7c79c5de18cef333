import { describe, expect, it } from 'vitest';
import {
  cancelDialog, closedDialog, confirmDialog, filterTree, finishedAfter, isLeafAtLevel, openDialog, pick, removeItem, roleTab, selectableBy, splitTypedId, typedId, valueOf, wantsNextPage,
  type PickedItem, type PickerNode,
} from '../../src/renderers/fields/shared/pickers/selection';
import { onlyIds } from '../../src/renderers/fields/shared/pickers/TreeLeft';

const item = (id: string): PickedItem => ({ key: id, value: id, label: `名${id}` });
const path = (...ids: string[]): PickedItem => ({ key: ids.join('/'), value: ids, label: ids.join('/') });
const node = (id: string, type: string, children: PickerNode[] = [], extra: Partial<PickerNode> = {}): PickerNode => ({ id, fullName: `名${id}`, type, children, ...extra });

describe('picks (widgets spec 4, 5)', () => {
  it('single mode replaces the selection; picking the chosen item again changes nothing', () => {
    const one = pick([], item('a'), { multiple: false });
    expect(one).toEqual([item('a')]);
    expect(pick(one, item('b'), { multiple: false })).toEqual([item('b')]);
    expect(pick(one, item('a'), { multiple: false })).toBe(one);
  });

  it('multiple mode adds, and ignores a duplicate (a role twice, an address path twice)', () => {
    const two = pick(pick([], item('r1'), { multiple: true }), item('r2'), { multiple: true });
    expect(two.map((i) => i.key)).toEqual(['r1', 'r2']);
    expect(pick(two, item('r1'), { multiple: true })).toBe(two);
    const paths = pick([], path('110000', '110100', '110101'), { multiple: true });
    expect(pick(paths, path('110000', '110100', '110101'), { multiple: true })).toBe(paths);
    expect(pick(paths, path('110000', '110100', '110102'), { multiple: true })).toHaveLength(2);
  });

  it('removing and clearing edit the draft; confirm stores ids, or paths, and single with nothing clears', () => {
    const draft = [item('a'), item('b')];
    expect(removeItem(draft, 'a')).toEqual([item('b')]);
    expect(valueOf(draft, { multiple: true })).toEqual(['a', 'b']);
    expect(valueOf([item('a')], { multiple: false })).toBe('a');
    expect(valueOf([], { multiple: false })).toBeNull();
    expect(valueOf([], { multiple: false }, [])).toEqual([]);
    expect(valueOf([path('1', '2')], { multiple: false }, [])).toEqual(['1', '2']);
    expect(valueOf([path('1', '2'), path('1', '3')], { multiple: true })).toEqual([['1', '2'], ['1', '3']]);
  });
});

describe('the dialog: open, cancel, confirm', () => {
  it('opening preloads from the value and resets keyword and the finished flag; cancel restores; confirm keeps the draft', () => {
    let state = { ...closedDialog([item('a')]), keyword: 'old', finished: true };
    state = openDialog(state, [item('a')]);
    expect(state).toMatchObject({ open: true, keyword: '', finished: false, draft: [item('a')] });
    state = { ...state, draft: pick(state.draft, item('b'), { multiple: true }) };
    const cancelled = cancelDialog(state);
    expect(cancelled.open).toBe(false);
    expect(cancelled.draft).toEqual([item('a')]);
    const confirmed = confirmDialog(state);
    expect(confirmed.committed).toEqual([item('a'), item('b')]);
  });
});

describe('which nodes may be picked', () => {
  it('single pickers take only their own type, never a disabled node', () => {
    const department = selectableBy(['department']);
    expect(department(node('d', 'department'))).toBe(true);
    expect(department(node('c', 'company'))).toBe(false);
    expect(department(node('d2', 'department', [], { disabled: true }))).toBe(false);
  });

  it('address nodes are leaves at or beyond the configured level, default 2', () => {
    expect(isLeafAtLevel(1, undefined)).toBe(false);
    expect(isLeafAtLevel(2, undefined)).toBe(true);
    expect(isLeafAtLevel(0, 0)).toBe(true);
    expect(isLeafAtLevel(1, 1)).toBe(true);
    expect(isLeafAtLevel(2, 3)).toBe(false);
    expect(isLeafAtLevel(2, 'nonsense')).toBe(true);
  });

  it('the role picker: organisation tab without the global group, global tab only it; custom mode keeps given roles', () => {
    const tree = [node('0', 'global', [node('g1', 'role')]), node('c1', 'company', [node('r1', 'role'), node('d1', 'department', [node('r2', 'role')])])];
    expect(roleTab(tree, 'global').map((n) => n.id)).toEqual(['0']);
    expect(roleTab(tree, 'organize').map((n) => n.id)).toEqual(['c1']);
    const custom = onlyIds(tree, ['r2'], 'role');
    expect(custom.map((n) => n.id)).toEqual(['c1']);
    expect(custom[0]!.children!.map((n) => n.id)).toEqual(['d1']);
    expect(onlyIds(tree, undefined, 'role')).toHaveLength(2);
  });

  it('a keyword keeps matches with the path to them', () => {
    const tree = [node('c', 'company', [node('d', 'department', [], { fullName: '财务部' }), node('e', 'department', [], { fullName: '运营部' })], { fullName: '总公司' })];
    const kept = filterTree(tree, '财务');
    expect(kept[0]!.children!.map((n) => n.fullName)).toEqual(['财务部']);
    expect(filterTree(tree, '')).toHaveLength(1);
    expect(filterTree(tree, '不存在')).toEqual([]);
  });
});

describe('paged lists and typed ids (user picker)', () => {
  it('loads the next page within 200 px of the bottom unless loading or finished; a short page finishes', () => {
    expect(wantsNextPage({ scrollTop: 600, clientHeight: 300, scrollHeight: 1100 }, false, false)).toBe(true);
    expect(wantsNextPage({ scrollTop: 100, clientHeight: 300, scrollHeight: 1100 }, false, false)).toBe(false);
    expect(wantsNextPage({ scrollTop: 600, clientHeight: 300, scrollHeight: 1100 }, true, false)).toBe(false);
    expect(wantsNextPage({ scrollTop: 600, clientHeight: 300, scrollHeight: 1100 }, false, true)).toBe(false);
    expect(finishedAfter(19)).toBe(true);
    expect(finishedAfter(20)).toBe(false);
  });

  it("ids carry their type as 'id--type'", () => {
    expect(typedId('u1', 'user')).toBe('u1--user');
    expect(splitTypedId('u--x--role')).toEqual({ id: 'u--x', type: 'role' });
    expect(splitTypedId('plain')).toEqual({ id: 'plain', type: '' });
  });
});

describe('the user picker: tabs and restricted modes (widgets spec 2.1, 6)', async () => {
  const { userTabs } = await import('../../src/renderers/fields/userSelect');
  const { conditionOf, restricted } = await import('../../src/renderers/fields/shared/pickers/UserLeft');

  it("mode 'all' has 全部数据, 当前组织, 我的下属, and 系统变量 only when enabled; restricted modes one list", () => {
    expect(userTabs({}).map((t) => t.value)).toEqual(['all', 'current', 'subordinates']);
    expect(userTabs({ selectType: 'all', hasSys: true }).map((t) => t.value)).toEqual(['all', 'current', 'subordinates', 'system']);
    expect(userTabs({ selectType: 'dep', ableIds: ['d1'] }).map((t) => t.value)).toEqual(['all']);
    expect(restricted({ selectType: 'all' })).toBe(false);
    expect(restricted({ selectType: 'custom' })).toBe(true);
  });

  it('dep, pos, role and group take one list from ableIds; custom splits typed ids and reads the v3 lists', () => {
    expect(conditionOf({ selectType: 'dep', ableIds: ['d1', 'd2'] })).toEqual({ departIds: ['d1', 'd2'] });
    expect(conditionOf({ selectType: 'pos', ableIds: ['p1'] })).toEqual({ positionIds: ['p1'] });
    expect(conditionOf({ selectType: 'role', ableIds: ['r1'] })).toEqual({ roleIds: ['r1'] });
    expect(conditionOf({ selectType: 'group', ableIds: ['g1'] })).toEqual({ groupIds: ['g1'] });
    expect(conditionOf({ selectType: 'custom', ableIds: ['u1--user', 'd1--department', 'p1--position', 'r1--role', 'g1--group', 'plain'], ableDepIds: ['d0'] })).toEqual({
      departIds: ['d0', 'd1'], positionIds: ['p1'], userIds: ['u1', 'plain'], roleIds: ['r1'], groupIds: ['g1'],
    });
  });
});
