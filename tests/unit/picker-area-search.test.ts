import { describe, expect, it } from 'vitest';
import { cutAtLevel, searchLevels } from '../../src/renderers/fields/areaSelect';
import { enabledOnly } from '../../src/renderers/fields/shared/pickers/calls';
import type { PickerNode } from '../../src/renderers/fields/shared/pickers/selection';

type Hit = PickerNode & { enabledMark?: number };
const n = (id: string, children: Hit[] = [], enabledMark = 1): Hit => ({ id, fullName: `名${id}`, type: 'area', hasChildren: children.length > 0, enabledMark, children });

/** The address picker's keyword search: the server's match paths, made into what the tree shows. */
describe('address picker search results', () => {
  // 北京市 / 市辖区 / 西城区 / 某街道 (a street matched below a district), and a disabled city beside
  const answer = [n('110000', [n('110100', [n('110102', [n('110102001')])]), n('110200', [n('110201')], 0)])];

  it('drops disabled divisions and everything below them', () => {
    const kept = enabledOnly(answer);
    expect(kept[0]!.children!.map((c) => c.id)).toEqual(['110100']);
  });

  it('stops the paths at the configured level (default districts), so a street found shows as its district', () => {
    const cut = cutAtLevel(enabledOnly(answer), undefined);
    const district = cut[0]!.children![0]!.children![0]!;
    expect(district.id).toBe('110102');
    expect(district.children).toEqual([]);
    expect(cutAtLevel(answer, 1)[0]!.children![0]!.children).toEqual([]); // level 1: cities are the leaves
  });

  it('opens each answered level: the ids with children, mapped to them', () => {
    const levels = searchLevels(cutAtLevel(enabledOnly(answer), 2));
    expect([...levels.keys()]).toEqual(['110000', '110100']);
    expect(levels.get('110100')!.map((c) => c.id)).toEqual(['110102']);
  });
});
