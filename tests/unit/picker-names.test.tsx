import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FieldKind } from '../../src/runtime/kinds';
import { RenderersProvider } from '../../src/renderers/context';
import { createPartialDataProvider, type ResourceMethod } from '../../src/renderers/data/provider';
import { RefsProvider } from '../../src/renderers/format';
import { fieldRegistry } from '../../src/renderers/registry';
import { batcherOf, fetchNames } from '../../src/renderers/fields/shared/pickers/calls';
import { RefNameBatcher } from '../../src/renderers/fields/shared/pickers/names';
import { makeField } from '../../src/renderers/testing/fixtures';

const PICKERS: FieldKind[] = ['userSelect', 'usersSelect', 'organizeSelect', 'depSelect', 'posSelect', 'roleSelect', 'groupSelect', 'areaSelect'];

/** A stored value per kind for row i: ids that differ per row, so nothing is shared by chance. */
function valueFor(kind: FieldKind, i: number): unknown {
  switch (kind) {
    case 'organizeSelect':
      return ['org-top', `org-${i}`];
    case 'areaSelect':
      return ['110000', `1101${String(i).padStart(2, '0')}`, `110${String(i).padStart(3, '0')}1`];
    case 'usersSelect':
      return [`u-${i}`, `u-${i + 1}`];
    default:
      return `${kind.slice(0, 3)}-${i}`;
  }
}

/** A server double: getSelectedList names any 'id--type', GetAreaByIds names every code; each call counted. */
function countingProvider() {
  const calls: { url: string; type: string; size: number }[] = [];
  const data = createPartialDataProvider({
    resourceCall: async (method: ResourceMethod, url: string, body?: Record<string, unknown>) => {
      expect(method).toBe('POST');
      if (url.endsWith('/Users/getSelectedList')) {
        const ids = body!.ids as string[];
        calls.push({ url, type: ids[0]!.split('--')[1]!, size: ids.length });
        return { list: ids.map((v) => ({ id: v.split('--')[0], fullName: `名-${v.split('--')[0]}`, type: v.split('--')[1] })) };
      }
      if (url.endsWith('/Area/GetAreaByIds')) {
        const paths = body!.idsList as string[][];
        calls.push({ url, type: 'area', size: paths.flat().length });
        return paths.map((p) => p.map((code) => `区-${code}`));
      }
      throw new Error(`unexpected call ${url}`);
    },
  });
  return { data, calls };
}

const page = (data: ReturnType<typeof countingProvider>['data'], rows: number, refs = {}) =>
  renderToString(
    <MantineProvider>
      <RenderersProvider data={data}>
        <RefsProvider refs={refs}>
          {Array.from({ length: rows }, (_, i) =>
            PICKERS.map((kind) => {
              const Cell = fieldRegistry[kind].Cell as (p: { field: ReturnType<typeof makeField>; value: unknown }) => ReactElement;
              return <Cell key={`${kind}${i}`} field={makeField(kind, kind, { props: { multiple: kind === 'usersSelect' } })} value={valueFor(kind, i)} />;
            }),
          )}
        </RefsProvider>
      </RenderersProvider>
    </MantineProvider>,
  );

describe('picker names in list cells', () => {
  it('a 1,000-row page resolves the names of all eight kinds with one request per kind of reference', async () => {
    const { data, calls } = countingProvider();
    const first = page(data, 1000);
    expect(first).not.toContain('名-'); // nothing known before the answers
    expect(first).not.toMatch(/>use-\d+</); // …and no raw ids meanwhile
    await batcherOf(data).settled();
    // user + users share 'user'; organize + dep share 'organize'
    expect(calls.map((c) => c.type).sort()).toEqual(['area', 'group', 'organize', 'position', 'role', 'user']);
    // userSelect use-0…999, usersSelect u-0…1000: every distinct id in the one request
    expect(calls.find((c) => c.type === 'user')!.size).toBe(2001);
    expect(calls.find((c) => c.type === 'area')!.size).toBe(new Set(Array.from({ length: 1000 }, (_, i) => valueFor('areaSelect', i) as string[]).flat()).size);
    const second = page(data, 1000);
    expect(second).toContain('名-use-999');
    expect(second).toContain('名-org-top/名-org-5');
    expect(second).toContain('区-110000/区-110105/区-1100051');
    expect(second).toContain('名-u-3, 名-u-4');
    expect(calls).toHaveLength(6); // the second render asked nothing again
  });

  it('asks nothing for names the reply already brought (refs)', async () => {
    const { data, calls } = countingProvider();
    const html = page(data, 3, { user: { 'use-0': '张三/zhangsan', 'use-1': 'A', 'use-2': 'B', 'u-0': 'x', 'u-1': 'y', 'u-2': 'z', 'u-3': 'w' } });
    await batcherOf(data).settled();
    expect(html).toContain('张三/zhangsan');
    expect(calls.map((c) => c.type)).not.toContain('user');
  });

  it('a failed lookup shows no raw id, and the batcher answers later asks in a new batch', async () => {
    let n = 0;
    const batcher = new RefNameBatcher(async (ref, ids) => {
      n += 1;
      if (ref === 'role') throw new Error('down');
      return Object.fromEntries(ids.map((id) => [id, id.toUpperCase()]));
    });
    batcher.want('role', ['r1']);
    batcher.want('group', ['g1', 'g1']);
    await batcher.settled();
    expect(n).toBe(2);
    expect(batcher.name('role', 'r1')).toBeNull();
    expect(batcher.name('group', 'g1')).toBe('G1');
    batcher.want('group', ['g1', 'g2']);
    await batcher.settled();
    expect(n).toBe(3);
    expect(batcher.name('group', 'g2')).toBe('G2');
  });

  it("typed ids ('id--type', usersSelect) are asked as they are and named by id and type", async () => {
    let asked: string[] = [];
    const data = createPartialDataProvider({
      resourceCall: async (_m: ResourceMethod, _url: string, body?: Record<string, unknown>) => {
        asked = body!.ids as string[];
        return { list: [{ id: 'x1', fullName: '运营部', type: 'department' }, { id: 'u1', fullName: '张三/zs', type: 'user' }] };
      },
    });
    const names = await fetchNames(data, 'user', ['x1--department', 'x1--user', 'u1']);
    expect(asked).toEqual(['x1--department', 'x1--user', 'u1--user']);
    expect(names).toEqual({ 'x1--department': '运营部', u1: '张三/zs' });
  });
});
