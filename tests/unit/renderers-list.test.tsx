import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ALL_KINDS, kindOf } from '../../src/runtime/kinds';
import type { CompiledList } from '../../src/runtime/model/compiled';
import { RenderersProvider } from '../../src/renderers/context';
import { createPartialDataProvider } from '../../src/renderers/data/provider';
import { keepsOneLine } from '../../src/renderers/list/columns';
import { nextSort } from '../../src/renderers/list/listState';
import { ModelList } from '../../src/renderers/list/ModelList';
import { makeField, makeModel } from '../../src/renderers/testing/fixtures';

const data = createPartialDataProvider({ listRecords: async () => ({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } }) });
const render = (node: ReactNode) => renderToString(<MantineProvider><RenderersProvider data={data}>{node}</RenderersProvider></MantineProvider>);

describe('list header sort', () => {
  it('cycles ascending, descending, none on one header; another header starts ascending', () => {
    const first = nextSort(null, 'price');
    expect(first).toEqual({ prop: 'price', order: 'asc' });
    const second = nextSort(first, 'price');
    expect(second).toEqual({ prop: 'price', order: 'desc' });
    expect(nextSort(second, 'price')).toBeNull();
    expect(nextSort(second, 'code')).toEqual({ prop: 'code', order: 'asc' });
  });

  it('headers say how they sort (aria-sort), and nothing is sorted before a click', () => {
    const html = render(<ModelList model={makeModel([makeField('input', 'a'), makeField('inputNumber', 'b')])} permissions={null} menuId="sort" />);
    expect(html.match(/aria-sort="none"/g)).toHaveLength(2);
  });
});

describe('cells that stay on one line', () => {
  it('are the columns of date and time kinds, as their definitions say', () => {
    const model = makeModel(ALL_KINDS.map((k) => makeField(k, `${k}_f`)));
    const columns = ALL_KINDS.map((kind) => ({ ...model.list.columns[0]!, prop: `${kind}_f`, kind }));
    const oneLine = columns.filter((c) => keepsOneLine(model, c)).map((c) => c.kind);
    expect(oneLine).toEqual(expect.arrayContaining(['datePicker', 'dateRange', 'timePicker', 'timeRange', 'createTime', 'modifyTime']));
    for (const kind of oneLine) expect(['date', 'time']).toContain(kindOf(kind!).search?.input);
    expect(oneLine).not.toContain('input');
    expect(oneLine).not.toContain('select');
  });
});

describe('list types', () => {
  const list = (extra: Partial<CompiledList>) => {
    const model = makeModel([makeField('input', 'name'), makeField('select', 'cat')]);
    return { ...model, list: { ...model.list, ...extra } };
  };

  it.each([1, 2, 3, 4, 5] as const)('type %i draws the shared frame: search, toolbar, sortable header, 序号, 操作, paging', (type) => {
    const tree = type === 2 || type === 5 ? { title: '分类', dataSource: 'dictionary', dictionary: null, relationField: 'cat' } : null;
    const html = render(<ModelList model={list({ type, tree, groupField: type === 3 ? 'cat' : null })} permissions={null} menuId={`t${type}`} />);
    expect(html).toContain(`data-list-type="${type}"`);
    expect(html).toContain('data-action="column-settings"');
    expect(html).toContain('序号');
    expect(html).toContain('操作');
    expect(html).toContain('data-pager="pager"');
    expect(html.includes('scp-list-tree')).toBe(type === 2);
  });
});
