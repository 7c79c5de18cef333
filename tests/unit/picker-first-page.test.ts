import { describe, expect, it } from 'vitest';
import type { DataProvider } from '../../src/renderers/data/provider';
import { fetchFirstPage } from '../../src/renderers/fields/shared/pickers/userFirstPage';

type Node = { id: string; fullName: string; type: string; hasChildren?: boolean; children?: Node[] };

/** A provider answering getOrganization with a fixed top level, recording each query. */
function fakeData(top: Node[]) {
  const asked: Record<string, unknown>[] = [];
  const data = {
    resourceCall: async (_method: string, _url: string, query?: Record<string, unknown>) => {
      asked.push(query ?? {});
      return top;
    },
  } as unknown as DataProvider;
  return { data, asked };
}

describe('the user picker first page', () => {
  it('is one call: the top with the first root opened in its children, shown as a preloaded level', async () => {
    const { data, asked } = fakeData([
      { id: 'c1', fullName: '公司', type: 'company', hasChildren: true, children: [{ id: 'd1', fullName: '运营部', type: 'department' }] },
      { id: 'c2', fullName: '二公司', type: 'company', hasChildren: true, children: [] },
    ]);
    const page = fetchFirstPage(data);
    const first = await page.done;
    expect(asked).toEqual([{ organizeId: '0', openFirst: true }]);
    expect(page.ready).toBe(first);
    expect(first.roots.map((n) => n.id)).toEqual(['c1', 'c2']);
    expect(first.roots[0]!.children).toEqual([]); // the tree asks nothing more for it: the level is in `opened`
    expect(first.opened.get('c1')?.map((n) => n.fullName)).toEqual(['运营部']);
  });

  it('opens nothing when the first root holds nobody, and an empty top gives an empty page', async () => {
    const empty = await fetchFirstPage(fakeData([{ id: 'c1', fullName: '公司', type: 'company', hasChildren: false, children: [] }]).data).done;
    expect([...empty.opened.keys()]).toEqual([]);
    expect((await fetchFirstPage(fakeData([]).data).done).roots).toEqual([]);
  });
});
