import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { optionSource } from '../../src/runtime/compile/props';
import { toOptions } from '../../src/renderers/data/hooks';
import { createPartialDataProvider } from '../../src/renderers/data/provider';
import { optionRowsQuery } from '../../src/renderers/data/queries';
import { confirmChoice, namedTemplates, printStep } from '../../src/renderers/selectors/selection';

/** Options of a compiled field's source, fetched through the same query the fields use. */
async function optionsOf(config: Record<string, unknown>, provider = createPartialDataProvider({})) {
  const { source } = optionSource({}, config);
  if (source.from === 'static') throw new Error('expected a remote source');
  const rows = await new QueryClient().fetchQuery(optionRowsQuery(provider, 'zh-CN', source));
  return toOptions(rows, source.labelKey, source.valueKey, source.childrenKey);
}

describe('options fed by a dictionary or a data interface (issue 12 item 5)', () => {
  it('a dictionary type id asks for its entries as a tree, children kept (a flat dictionary is a tree without children)', async () => {
    const asked: unknown[] = [];
    const provider = createPartialDataProvider({
      dictionary: async (typeId: string, isTree: boolean) => {
        asked.push([typeId, isTree]);
        return typeId === 'tree1'
          ? [{ id: 'a', fullName: '钢材', enCode: 'steel', children: [{ id: 'b', fullName: '螺纹钢', enCode: 'rebar' }] }]
          : [{ id: 'x', fullName: '现金', enCode: 'cash' }, { id: 'y', fullName: '转账', enCode: 'transfer' }];
      },
    });
    const tree = await optionsOf({ dataType: 'dictionary', dictionaryType: 'tree1', props: { label: 'fullName', value: 'enCode' } }, provider);
    const flat = await optionsOf({ dataType: 'dictionary', dictionaryType: 'flat1' }, provider);
    expect(asked).toEqual([['tree1', true], ['flat1', true]]);
    // the field's props map value to enCode
    expect(tree).toEqual([{ label: '钢材', value: 'steel', children: [{ label: '螺纹钢', value: 'rebar' }] }]);
    expect(flat.map((o) => o.label)).toEqual(['现金', '转账']);
  });

  it('a data interface is called with the field templateJson as paramList, and its label and value keys map the rows', async () => {
    const asked: unknown[] = [];
    const paramList = [{ field: 'region', defaultValue: 'east', relationField: '' }];
    const provider = createPartialDataProvider({
      dataInterface: async (id: string, params: unknown[]) => (asked.push([id, params]), { list: [{ code: 'S1', name: '一号站' }] }),
    });
    const options = await optionsOf({ dataType: 'dynamic', propsUrl: 'stations', templateJson: paramList, props: { label: 'name', value: 'code' } }, provider);
    expect(asked).toEqual([['stations', paramList]]);
    expect(options).toEqual([{ label: '一号站', value: 'S1' }]);
  });
});

describe('print-template picker (widgets spec 4)', () => {
  it('one id is emitted directly, several open the dialog, none does nothing; duplicates and empty ids do not count', () => {
    expect(printStep(['t1'])).toEqual({ kind: 'emit', id: 't1' });
    expect(printStep(['t1', 't1', ''])).toEqual({ kind: 'emit', id: 't1' });
    expect(printStep(['t1', 't2'])).toEqual({ kind: 'choose', ids: ['t1', 't2'] });
    expect(printStep([])).toEqual({ kind: 'none' });
  });

  it('names the templates in the form order and leaves out ids the selector does not answer', () => {
    const tree = [
      { id: 'cat1', fullName: '合同', children: [{ id: 't2', fullName: '合同B' }, { id: 't1', fullName: '合同A' }] },
      { id: 'cat2', fullName: '订单', children: [{ id: 't3', fullName: '订单' }] },
    ];
    expect(namedTemplates(tree, ['t1', 'gone', 't3'])).toEqual([{ id: 't1', fullName: '合同A' }, { id: 't3', fullName: '订单' }]);
  });
});

describe('numbering-template picker confirm (widgets spec 2.7)', () => {
  it('is ignored with nothing selected and gives the enCode of the chosen rule', () => {
    expect(confirmChoice(null, (r: { enCode: string }) => r.enCode)).toBeNull();
    expect(confirmChoice(undefined, (r: { enCode: string }) => r.enCode)).toBeNull();
    expect(confirmChoice({ enCode: 'HT' }, (r) => r.enCode)).toBe('HT');
  });
});
