import { describe, expect, it } from 'vitest';
import { calculate, checkTokens, compileExpression, expressionTokens, round2 } from '../../src/runtime/calculate';
import { recomputeCalculations } from '../../src/runtime/calculate-record';
import { abbreviateNumber, toChineseAmount } from '../../src/runtime/format/amount';
import { compileModel } from '../../src/runtime/compile/model';

const calc = (expression: unknown, record: Record<string, unknown> = {}, row?: { table: string; values: Record<string, unknown> }) => calculate(expression, { record, row });

describe('calculated fields (widgets spec 5)', () => {
  it('honours precedence and parentheses over fields, with the designer tokens × and ÷', () => {
    expect(calc(['a', '+', 'b', '×', 'c'], { a: 1, b: 2, c: 3 })).toBe(7);
    expect(calc(['(', 'a', '+', 'b', ')', '×', 'c'], { a: 1, b: 2, c: 3 })).toBe(9);
    expect(calc('a - b ÷ 4', { a: 10, b: 2 })).toBe(9.5);
    expect(calc(['1', '2', '.', '5', '×', '2'])).toBe(25); // digit runs merge into 12.5
    expect(calc(['a', '×', '-', '2'], { a: 3 })).toBe(-6); // a signed number after an operator
  });

  it('a dotted reference uses the row inside its table, and the column sum outside', () => {
    const record = { items: [{ qty: 2, price: 3 }, { qty: '4', price: 1.5 }, { qty: 'x', price: 9 }] };
    expect(calc(['items.qty', '×', 'items.price'], record, { table: 'items', values: record.items[0]! })).toBe(6);
    expect(calc(['items.qty', '×', 'items.price'], record)).toBe(6 * 13.5); // sums: qty 6, price 13.5
    expect(calc(['items.qty'], record, { table: 'other', values: {} })).toBe(6); // another table's row: still the sum
  });

  it('missing or invalid values count as 0, NaN and division by zero give 0, results round to 2 decimals', () => {
    expect(calc(['a', '+', 'b'], { a: 'abc', b: null })).toBe(0);
    expect(calc(['a', '+', 'missing'], { a: '1,200.5' })).toBe(1200.5);
    expect(calc(['a', '÷', 'b'], { a: 1, b: 0 })).toBe(0);
    expect(calc(['a', '÷', 'b'], { a: 0, b: 0 })).toBe(0);
    expect(calc(['a', '÷', '3'], { a: 1 })).toBe(0.33);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-2.675)).toBe(-2.68);
    expect(round2(Number.NaN)).toBe(0);
  });

  it('the validity rule: alternating operands and operators, numbers without leading zeros', () => {
    expect(checkTokens(['a', '+']).ok).toBe(false);
    expect(checkTokens(['a', 'b']).ok).toBe(false);
    expect(checkTokens(['+', 'a']).ok).toBe(false);
    expect(checkTokens(['0', '1', '+', 'a']).ok).toBe(false); // 01
    expect(checkTokens(['0', '.', '5', '+', 'a']).ok).toBe(true);
    expect(checkTokens(['(', 'a', '+', 'b']).ok).toBe(false);
    expect(checkTokens(['a', '(', 'b', ')']).ok).toBe(false); // implicit multiplication is not an operator
    expect(checkTokens(['a', '%', 'b']).ok).toBe(false);
  });

  it('refuses anything but numbers, references, + - × ÷ and parentheses before mathjs evaluates it', () => {
    for (const text of ['import({}, {})', 'f(x)=1', 'a=1', 'createUnit("x")', 'evaluate("1")', 'a.b.c + 1', '[1,2]', 'a ? b : c', '2^3', 'sqrt(4)', 'x => 1', 'a;b', '"s"']) {
      expect(compileExpression(text).ok, text).toBe(false);
    }
    expect(compileExpression([{ __vModel__: 'price' }, '×', { __vModel__: 'items-qty' }])).toMatchObject({ ok: true, refs: [{ key: 'price' }, { key: 'items', column: 'qty' }] });
    expect(expressionTokens(42 as unknown)).toBeNull();
  });

  it('the compiler refuses a model whose calculated field has an invalid expression', () => {
    const form = (expression: unknown) => ({
      fields: [
        { __config__: { jnpfKey: 'inputNumber', label: 'A' }, __vModel__: 'a' },
        { __config__: { jnpfKey: 'calculate', label: '合计' }, __vModel__: 'total', expression },
      ],
    });
    expect(compileModel({ id: 'm', enCode: 'm', fullName: 'm', formData: form(['a', '×', '2']) }, { file: 't' }).problems.filter((p) => p.severity === 'error')).toEqual([]);
    const bad = compileModel({ id: 'm', enCode: 'm', fullName: 'm', formData: form('f(x)=1') }, { file: 't' }).problems.filter((p) => p.severity === 'error');
    expect(bad.map((p) => p.path).join()).toContain('expression');
  });

  it('the server-side recompute fills row columns first, then totals over them, ignoring the numbers sent', () => {
    const { model } = compileModel({
      id: 'm', fullName: 'm',
      formData: {
        fields: [
          {
            __config__: {
              jnpfKey: 'table', label: '明细',
              children: [
                { __config__: { jnpfKey: 'inputNumber', label: '数量' }, __vModel__: 'qty' },
                { __config__: { jnpfKey: 'inputNumber', label: '单价' }, __vModel__: 'price' },
                { __config__: { jnpfKey: 'calculate', label: '金额' }, __vModel__: 'amount', expression: ['items.qty', '×', 'items.price'] },
              ],
            },
            __vModel__: 'items',
          },
          { __config__: { jnpfKey: 'calculate', label: '总额' }, __vModel__: 'total', expression: ['items.amount', '+', 'fee'] },
          { __config__: { jnpfKey: 'calculate', label: '不存', isStorage: 0 }, __vModel__: 'shown', expression: ['fee', '×', '2'] },
          { __config__: { jnpfKey: 'inputNumber', label: '运费' }, __vModel__: 'fee' },
        ],
      },
    }, { file: 't' });
    expect(model!.form.fields.shown!.stores).toBe(false);
    const sent = { items: [{ qty: 2, price: 1.25, amount: 999 }, { qty: 3, price: 2, amount: 1 }], total: 123456, fee: 1, shown: 5 };
    const out = recomputeCalculations(model!, sent);
    expect(out.items).toEqual([{ qty: 2, price: 1.25, amount: 2.5 }, { qty: 3, price: 2, amount: 6 }]);
    expect(out.total).toBe(9.5);
    expect(out.shown).toBe(5); // not stored: left alone (the save does not take it)
    expect(sent.items[0]!.amount).toBe(999); // the input is not mutated
  });
});

describe('amount helpers', () => {
  it('Chinese capitals with 角 and 分, invalid and too-large texts', () => {
    expect(toChineseAmount(1234.56)).toEqual({ ok: true, text: '壹仟贰佰叁拾肆元伍角陆分' });
    expect(toChineseAmount(100.05)).toEqual({ ok: true, text: '壹佰元零伍分' });
    expect(toChineseAmount('abc')).toEqual({ ok: false, reason: 'invalid' });
    expect(toChineseAmount(1e12)).toEqual({ ok: false, reason: 'tooLarge' });
    expect(toChineseAmount(999999999999).ok).toBe(true);
  });

  it('number abbreviations k M G T P E', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1234)).toBe('1.23k');
    expect(abbreviateNumber(2_500_000)).toBe('2.5M');
    expect(abbreviateNumber(3e9)).toBe('3G');
    expect(abbreviateNumber(4e12)).toBe('4T');
    expect(abbreviateNumber(5e15)).toBe('5P');
    expect(abbreviateNumber(-6e18)).toBe('-6E');
    expect(abbreviateNumber('x')).toBe('');
  });
});
