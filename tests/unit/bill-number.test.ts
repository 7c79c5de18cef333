import { MantineProvider } from '@mantine/core';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { billRuleExample, formatBillNumber, padSequence, periodKey, periodKeys } from '../../src/runtime/bill-number';
import { compileModel } from '../../src/runtime/compile';
import { kindOf } from '../../src/runtime/kinds';
import { RenderersProvider } from '../../src/renderers/context';
import { createPartialDataProvider } from '../../src/renderers/data/provider';
import { ModelForm } from '../../src/renderers/form/ModelForm';
import { fieldRegistry } from '../../src/renderers/registry';
import { makeField } from '../../src/renderers/testing/fixtures';

/** Serial numbers: the one formatter of the rule form's example and the server's numbers; the billRule kind and its renderer. */

const at = new Date(2026, 10, 26, 9, 30); // 26 Nov 2026, local time

describe('formatting', () => {
  it('date parts and periods per format: daily, monthly, yearly, none', () => {
    expect(periodKeys(at)).toEqual({ yyyyMMdd: '20261126', yyyyMM: '202611', yyyy: '2026' });
    expect(periodKeys(new Date(2031, 0, 5).getTime()).yyyyMMdd).toBe('20310105');
    expect(periodKey('yyyyMMdd', at)).toBe('20261126');
    expect(periodKey('yyyyMM', at)).toBe('202611');
    expect(periodKey('yyyy', at)).toBe('2026');
    expect(periodKey('no', at)).toBe('');
    expect(periodKey('yyyy-MM-dd', at)).toBe('');
  });

  it('pads the running number to the digit count and never cuts a longer one', () => {
    expect(padSequence(1, 4)).toBe('0001');
    expect(padSequence('0001', 2)).toBe('01');
    expect(padSequence(12345, 4)).toBe('12345');
    expect(padSequence(7, 0)).toBe('7');
    expect(formatBillNumber('RK', '20261126', 12, 4)).toBe('RK202611260012');
    expect(formatBillNumber('N', '', 3, 3)).toBe('N003');
  });

  it("gives the form's example: prefix, today's date in the format, the start number padded (spec 4)", () => {
    expect(billRuleExample({ prefix: 'RK', dateFormat: 'yyyyMMdd', digit: 4, startNumber: '1' }, at)).toBe('RK202611260001');
    expect(billRuleExample({ prefix: 'BX', dateFormat: 'yyyyMM', digit: 5, startNumber: '0042' }, at)).toBe('BX20261100042');
    expect(billRuleExample({ prefix: 'A', dateFormat: 'no', digit: '3', startNumber: 7 }, at)).toBe('A007');
    // while the form is being filled in, missing parts count as empty
    expect(billRuleExample({ prefix: 'A' }, at)).toBe('A');
    expect(billRuleExample({ dateFormat: 'yyyy', startNumber: 'x1' }, at)).toBe('2026x1');
    expect(billRuleExample({ prefix: null, dateFormat: 'yyyy', digit: 2, startNumber: '5' }, at)).toBe('202605');
  });
});

describe('the billRule kind', () => {
  const compiled = (field: Record<string, unknown>) =>
    compileModel({ id: 'm', fullName: 'M', enCode: 'm', formData: { fields: [field] } }, { file: 'm.json' }).model!.form.fields.no!;

  it('reads the rule from the designer config as it is (version 3 and 5), read-only and never required', () => {
    const v3 = compiled({ __config__: { jnpfKey: 'billRule', label: '报销单号', rule: 'bxdj', required: true, formId: 101 }, __vModel__: 'no' });
    expect(kindOf('billRule').serialRule(v3)).toBe('bxdj');
    expect(v3.readonly).toBe(true);
    expect(v3.required).toBe(false);
    const preview = compiled({ __config__: { jnpfKey: 'billRule', label: '流水范例' }, __vModel__: 'no', preview: { prefix: 'prefix' } });
    expect(kindOf('billRule').serialRule(preview)).toBeNull();
    expect(kindOf('billRule').serialRule(compiled({ __config__: { jnpfKey: 'billRule', label: 'x' }, __vModel__: 'no' }))).toBeNull();
  });
});

describe('the billRule renderer', () => {
  const render = (node: ReactNode) =>
    renderToString(createElement(MantineProvider, null, createElement(RenderersProvider, { data: createPartialDataProvider({}), children: node })));
  const { Edit, View } = fieldRegistry.billRule;
  const field = { ...makeField('billRule', 'no'), kind: 'billRule' as const, props: { rule: 'bxdj' } };

  it('is read-only, "filled in by the system" before the first save, the number after', () => {
    const empty = render(createElement(Edit, { field, value: null, onChange: () => {}, id: 'no', disabled: false, readOnly: true, error: false }));
    expect(empty).toContain('readOnly');
    expect(empty).toContain('系统自动生成');
    expect(empty).toContain('data-bill-number="pending"');
    const saved = render(createElement(Edit, { field, value: 'BX20261100001', onChange: () => {}, id: 'no', disabled: false, readOnly: true, error: false }));
    expect(saved).toContain('value="BX20261100001"');
    expect(render(createElement(View, { field, value: 'BX20261100001' }))).toContain('BX20261100001');
  });

  it('shows the example of the sibling fields it names in preview mode', () => {
    const model = compileModel(
      {
        id: 'rule', fullName: 'R', enCode: 'rule',
        formData: {
          fields: [
            { __config__: { jnpfKey: 'input', label: 'prefix' }, __vModel__: 'prefix' },
            { __config__: { jnpfKey: 'input', label: 'format' }, __vModel__: 'dateFormat' },
            { __config__: { jnpfKey: 'inputNumber', label: 'digit' }, __vModel__: 'digit' },
            { __config__: { jnpfKey: 'input', label: 'start' }, __vModel__: 'startNumber' },
            { __config__: { jnpfKey: 'billRule', label: 'example' }, __vModel__: 'example', preview: { prefix: 'prefix', dateFormat: 'dateFormat', digit: 'digit', startNumber: 'startNumber' } },
          ],
        },
      },
      { file: 'rule.json' },
    ).model!;
    const html = render(createElement(ModelForm, { model, permissions: null, initialValues: { prefix: 'TS', dateFormat: 'no', digit: 5, startNumber: '42' } }));
    expect(html).toContain('data-bill-number="example"');
    expect(html).toContain('value="TS00042"');
  });
});
