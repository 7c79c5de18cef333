import { describe, expect, it } from 'vitest';
import { flattenOptions } from '../../src/renderers/fields/shared/options';

describe('flat option widgets over a tree source', () => {
  it('offer every node depth first, labelled with its path', () => {
    const tree = [
      { label: '钢材', value: 'steel', children: [{ label: '螺纹钢', value: 'rebar' }, { label: '线材', value: 'wire' }] },
      { label: '煤炭', value: 'coal' },
    ];
    expect(flattenOptions(tree).map((o) => [o.value, o.label])).toEqual([
      ['steel', '钢材'],
      ['rebar', '钢材 / 螺纹钢'],
      ['wire', '钢材 / 线材'],
      ['coal', '煤炭'],
    ]);
    expect(flattenOptions(tree).every((o) => o.children === undefined)).toBe(true);
  });
});
