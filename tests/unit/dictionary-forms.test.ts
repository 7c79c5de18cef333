import { describe, expect, it } from 'vitest';
import { translate } from '../../src/runtime/i18n';
import { categoryFormProblems, entryFormProblems } from '../../src/runtime/validation/dictionary-forms';

/** The dictionary forms' rules (spec 5.3, 5.4): one list the screen and the server both read. */

const words = (problems: { field: string; key: Parameters<typeof translate>[1] }[]) => Object.fromEntries(problems.map((p) => [p.field, translate('zh-CN', p.key)]));

describe('category form (spec 5.3)', () => {
  it('names every empty required field with the spec words, in form order', () => {
    const problems = categoryFormProblems({ parentId: '', fullName: ' ', enCode: '' });
    expect(problems.map((p) => p.field)).toEqual(['parentId', 'fullName', 'enCode']);
    expect(words(problems)).toEqual({ parentId: '上级菜单不能为空', fullName: '请输入名称', enCode: '请输入编码' });
  });

  it('refuses special characters in the name, a bad code pattern, long texts and sorts out of range', () => {
    expect(words(categoryFormProblems({ parentId: '-1', fullName: '单位!', enCode: '.unit', sortCode: 1_000_000 }))).toEqual({
      fullName: '名称不能含有特殊符号',
      enCode: '只能输入英文、数字和小数点且小数点不能放在首尾',
      sortCode: '排序必须是0到999999之间的整数',
    });
    expect(words(categoryFormProblems({ parentId: '-1', fullName: '名'.repeat(51), enCode: 'a'.repeat(51), sortCode: 1.5 }))).toEqual({
      fullName: '名称最多为50个字符！',
      enCode: '编码最多为50个字符！',
      sortCode: '排序必须是0到999999之间的整数',
    });
  });

  it('accepts a valid category (sort empty, 0 or 999999; dotted code)', () => {
    expect(categoryFormProblems({ parentId: '-1', fullName: '计量单位2', enCode: 'unit.v2' })).toEqual([]);
    expect(categoryFormProblems({ parentId: 'x', fullName: 'Units', enCode: 'u', sortCode: 999999 })).toEqual([]);
  });
});

describe('entry form (spec 5.4)', () => {
  it("asks '请选择' for the parent and the entry's own length words", () => {
    expect(words(entryFormProblems({ parentId: null, fullName: '', enCode: 'a..' }))).toEqual({
      parentId: '请选择',
      fullName: '请输入名称',
      enCode: '只能输入英文、数字和小数点且小数点不能放在首尾',
    });
    expect(words(entryFormProblems({ parentId: '0', fullName: 'x'.repeat(51), enCode: 'b'.repeat(51), enabledMark: 2 }))).toEqual({
      fullName: '字典名称最多为50个字符！',
      enCode: '字典编码最多为50个字符！',
      enabledMark: '状态只能是1或0',
    });
  });

  it('allows any characters in an entry name (the no-special-characters rule is the category form)', () => {
    expect(entryFormProblems({ parentId: '0', fullName: 'A-1 (特)', enCode: 'a1', sortCode: 0, enabledMark: 0 })).toEqual([]);
  });
});
