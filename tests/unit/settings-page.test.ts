import { describe, expect, it } from 'vitest';
import { compileResourcePage } from '../../src/runtime/compile';
import { changedValues, successText } from '../../src/renderers/pages/SettingsPage';
import { sysConfigProblem } from '../../src/runtime/sys-config';

// Single-record settings pages (resource descriptors with single: true) and the system
// configuration's value rules.
const fields = { fields: [{ __config__: { jnpfKey: 'input', label: '名称', span: 12 }, __vModel__: 'sysName' }] };

describe('single-record settings pages', () => {
  it('compile without a list or columnData, and need calls.info and calls.update', () => {
    const ok = compileResourcePage({ id: 's', fullName: '设置', single: true, calls: { info: 'GET /api/x', update: 'PUT /api/x' }, formData: fields }, { file: 's.json' });
    expect(ok.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(ok.model).toMatchObject({ single: true, columnData: null });
    const missing = compileResourcePage({ id: 's', fullName: '设置', single: true, calls: { info: 'GET /api/x' }, formData: fields }, { file: 's.json' });
    expect(missing.problems.some((p) => p.severity === 'error' && p.message.includes('calls.update'))).toBe(true);
    const list = compileResourcePage({ id: 'l', fullName: '列表', calls: { list: 'GET /api/x' }, formData: fields }, { file: 'l.json' });
    expect(list.model).toBeNull();
  });

  it('send only changed values; an empty write-only field is no change', () => {
    const loaded = { sysName: 'A', tagsView: 1, adminIds: ['1'] };
    expect(changedValues({ sysName: 'A', tagsView: 0, adminIds: ['1'], dingSynAppSecret: '' }, loaded)).toEqual({ tagsView: 0 });
    expect(changedValues({ sysName: 'B', adminIds: ['1', '2'], dingSynAppSecret: 's' }, loaded)).toEqual({ sysName: 'B', adminIds: ['1', '2'], dingSynAppSecret: 's' });
  });

  it("fill an action's success text from the reply's data", () => {
    expect(successText('成功 {synSuccessCount} 条，失败 {synFailCount} 条', { synSuccessCount: 3, synFailCount: 0 })).toBe('成功 3 条，失败 0 条');
    expect(successText('连接成功 {x}', undefined)).toBe('连接成功 {x}');
  });
});

describe('system configuration value rules', () => {
  it('accept good values and name the first bad one', () => {
    expect(sysConfigProblem({ sysName: 'x', layoutType: 'blend', tagsView: 0, lockMinutes: 5, logoIcon: '' })).toBeNull();
    expect(sysConfigProblem({ passwordLengthMinNumber: 5 })).toEqual({ key: 'sysConfig.range', field: 'passwordLengthMinNumber', min: 6, max: 16 });
    expect(sysConfigProblem({ navigationIcon: '/api/file/../oauth/Logout' })).toEqual({ key: 'sysConfig.image', field: 'navigationIcon' });
    expect(sysConfigProblem({ navigationIcon: 'data:image/svg+xml,<svg/>' })).toEqual({ key: 'sysConfig.image', field: 'navigationIcon' });
  });
});
