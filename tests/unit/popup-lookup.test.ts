import { describe, expect, it } from 'vitest';
import { lookupBatcher, type LookupSource } from '../../src/renderers/data/popup-lookup';
import { createPartialDataProvider } from '../../src/renderers/data/provider';

/** Display names of popup and related-form values: one request per source for a whole list page, not one per row. */
describe('popup lookups', () => {
  const source: LookupSource = { kind: 'interface', interfaceId: 'suppliers', propsValue: 'id', relationField: 'fullName', paramList: [] };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('asks once for every id the cells of a page ask for in the same task, and remembers missing ids as empty', async () => {
    const calls: string[][] = [];
    const provider = createPartialDataProvider({
      interfaceByIds: async (_id, body) => {
        calls.push(body.ids);
        return body.ids.filter((id) => id !== 'r999').map((id) => ({ id, fullName: `name ${id}` }));
      },
    });
    const batcher = lookupBatcher(provider, 'zh-CN');
    // 1,000 rows, each cell asking for its own id (and the first 10 repeating theirs)
    for (let i = 0; i < 1000; i += 1) batcher.rows(source, [`r${i}`]);
    for (let i = 0; i < 10; i += 1) batcher.rows(source, [`r${i}`]);
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(1000);
    expect(batcher.rows(source, ['r5']).get('r5')).toEqual({ id: 'r5', fullName: 'name r5' });
    expect(batcher.rows(source, ['r999']).get('r999')).toBeNull();
    await settle();
    expect(calls).toHaveLength(1);
  });

  it('asks once per source: another interface or other parameters is another request; a failed lookup leaves values empty', async () => {
    const calls: string[] = [];
    const provider = createPartialDataProvider({
      interfaceByIds: async (id) => {
        calls.push(id);
        throw new Error('down');
      },
      relationByIds: async (modelId, field, ids) => {
        calls.push(`${modelId}/${field}`);
        return ids.map((id) => ({ id, name: id }));
      },
    });
    const batcher = lookupBatcher(provider, 'en');
    batcher.rows(source, ['a']);
    batcher.rows({ ...source, paramList: [{ field: 'city', defaultValue: '上海' }] }, ['a']);
    batcher.rows({ kind: 'relation', modelId: 'demo-inbound', field: 'warehouse' }, ['w1']);
    batcher.rows({ kind: 'relation', modelId: 'demo-inbound', field: 'warehouse' }, ['w2']);
    await settle();
    expect(calls.sort()).toEqual(['demo-inbound/warehouse', 'suppliers', 'suppliers']);
    expect(batcher.rows(source, ['a']).get('a')).toBeNull();
    expect(batcher.rows({ kind: 'relation', modelId: 'demo-inbound', field: 'warehouse' }, ['w2']).get('w2')).toEqual({ id: 'w2', name: 'w2' });
  });
});
