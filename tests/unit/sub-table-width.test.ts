import { describe, expect, it } from 'vitest';
import type { CompiledField } from '../../src/runtime/model/compiled';
import { MIN_CELL_WIDTH, subTableMinWidth } from '../../src/renderers/fields/table/width';

const column = (columnWidth?: unknown) => ({ key: 'c', props: columnWidth === undefined ? {} : { columnWidth } }) as unknown as CompiledField;

describe('sub-table minimum width (cells scroll sideways rather than squeeze)', () => {
  it('gives each column without its own width the minimum cell width, plus 序号 and 操作', () => {
    // 采购入库申请: 8 columns, far wider than a 600 px dialog
    expect(subTableMinWidth(Array.from({ length: 8 }, () => column()), false)).toBe(50 + 44 + 8 * MIN_CELL_WIDTH);
    expect(subTableMinWidth([column()], true)).toBe(50 + MIN_CELL_WIDTH);
  });

  it("keeps a column's own px width (number or 'Npx'), and the minimum for percentages or nonsense", () => {
    expect(subTableMinWidth([column(200), column('90px'), column(' 120 '), column('30%'), column('auto'), column(-5)], true)).toBe(50 + 200 + 90 + 120 + 3 * MIN_CELL_WIDTH);
  });
});
