import { describe, expect, it } from 'vitest';
import type { DataProvider } from '../../src/renderers/data/provider';
import { fetchFirstPage } from '../../src/renderers/fields/shared/pickers/userFirstPage';

/** A provider answering getOrganization from a map of levels, recording each asked id in order. */
function fakeData(levels: Record<string, { id: string; fullName: string; type: string }[]>) {
  const asked: string[] = [];
  const data = {
    resourceCall: async (_method: string, _url: string, query?: Record<string, unknown>) => {
      const id = String(query?.organizeId);
      asked.push(id);
      return { list: levels[id] ?? [] };
    },
  } as unknown as DataProvider;
  return { data, asked };
}

describe('the user picker first page', () => {
  it('asks the top, then its first root; the next opening asks both at once and keeps the first root open', async () => {
    const levels = { '0': [{ id: 'c1', fullName: '公司', type: 'company' }], c1: [{ id: 'd1', fullName: '运营部', type: 'department' }] };
    const { data, asked } = fakeData(levels);
    const first = await fetchFirstPage(data).done;
    expect(asked).toEqual(['0', 'c1']);
    expect(first.opened.get('c1')?.map((n) => n.fullName)).toEqual(['运营部']);

    asked.length = 0;
    const page = fetchFirstPage(data);
    expect(asked).toEqual(['c1', '0']); // the guessed level goes out with the top, before either answers
    const second = await page.done;
    expect(page.ready).toBe(second);
    expect(asked).toEqual(['c1', '0']);
    expect(second.opened.get('c1')?.map((n) => n.fullName)).toEqual(['运营部']);
  });

  it('asks the real first root when the guess no longer leads the top', async () => {
    const levels: Record<string, { id: string; fullName: string; type: string }[]> = { '0': [{ id: 'c1', fullName: '公司', type: 'company' }], c1: [], c2: [{ id: 'u1', fullName: '张三', type: 'user' }] };
    const { data, asked } = fakeData(levels);
    await fetchFirstPage(data).done;
    levels['0'] = [{ id: 'c2', fullName: '新公司', type: 'company' }];
    asked.length = 0;
    const page = await fetchFirstPage(data).done;
    expect(asked).toEqual(['c1', '0', 'c2']);
    expect([...page.opened.keys()]).toEqual(['c2']);
    expect(page.opened.get('c2')?.[0]?.fullName).toBe('张三');
  });
});
