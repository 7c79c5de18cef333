import { defineKind, numberValue } from './shared/define';

const count = (props: Record<string, unknown>) => (typeof props.count === 'number' ? props.count : 5);

/** 评分: a number of stars (halves with allowHalf); 0 means not rated. */
export const rate = defineKind({
  group: 'input',
  stores: true,
  doc: { stores: 'number (0 = not rated)', default: '0' },
  value: numberValue,
  defaultValue: () => 0,
  normalise: (p) => {
    if (p.count === undefined && typeof p.max === 'number') {
      p.count = p.max;
      delete p.max;
    }
  },
  index: 'number',
  search: { mode: 'range', input: 'number' },
  format: (value, field) => {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) && n > 0 ? `${n} / ${count(field.props)}` : '';
  },
  exportValue: (value) => (typeof value === 'number' && value > 0 ? value : ''),
});
