import { describe, expect, it } from 'vitest';
import { compileModel, diffModels } from '../../src/runtime/compile';
import demo from '../../schemas/models/demo-model.json';

const compile = (d: unknown) => compileModel(d, { file: 'x' }).model!;

describe('schema diff', () => {
  const before = compile(demo);

  it('no change, no sentences', () => {
    expect(diffModels(before, compile(structuredClone(demo)))).toEqual([]);
  });

  it('explains added, removed, retyped, required, rules, permissions, columns and buttons', () => {
    const next = structuredClone(demo) as any;
    const basic = next.formData.fields[0].__config__.children;
    basic.splice(5, 1); // safetyStock removed
    basic[4].__config__.jnpfKey = 'input'; // price retyped
    basic[1].__vModel__ = 'goodsTitle'; // goodsName renamed: column and search field break
    basic[0].__config__.regList = [];
    next.formData.fields[1].__config__.children[0].__config__.children[1].__config__.required = true;
    next.formData.fields.push({ __config__: { jnpfKey: 'input', label: '产地' }, __vModel__: 'origin' });
    next.columnData.btnsList.push({ value: 'upload', label: '导入' });
    const changes = diffModels(before, compile(next), 'en');
    const text = changes.map((c) => `${c.breaking ? '!' : '-'} ${c.message}`);
    expect(text).toEqual(expect.arrayContaining([
      '- field origin added (产地, input)',
      '! field safetyStock removed (安全库存)',
      '! field price changed kind from inputNumber to input',
      '! field launchDate is now required',
      '- field goodsCode lost a validation rule: 商品编码只能包含字母、数字和点',
      '- form permission code origin added',
      '- column permission code goodsName removed',
      '- button permission code btn_upload added',
      '! column goodsName will break: the form no longer has that field',
      '! search field goodsName will break: the form no longer has that field',
      '- button upload added (导入)',
    ]));
  });

  it('columns and search fields removed on purpose are not called broken', () => {
    const next = structuredClone(demo) as any;
    next.columnData.columnList = next.columnData.columnList.filter((c: any) => c.prop !== 'quality');
    next.columnData.searchList = next.columnData.searchList.filter((c: any) => c.prop !== 'price');
    next.columnData.sort = 'asc';
    const text = diffModels(before, compile(next)).map((c) => c.message);
    expect(text).toEqual(['删除列表权限编码 quality', '列表删除列 quality（质量评分）', '删除查询字段 price（销售单价）', '默认排序由 creatorTime desc 改为 creatorTime asc']);
  });
});
