/**
 * Browser harness of the list and the option-source cache: bundled with esbuild into a temporary
 * page (see browser.ts, `openHarness('list-harness.tsx')`). It mounts model lists and forms over a
 * counting data provider, so a test can see how many calls the renderers make.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { CompiledField } from '../../runtime/model/compiled';
import { RenderersProvider } from '../context';
import { createPartialDataProvider, type CallOptions, type DataProvider, type DictionaryEntry, type RecordRow } from '../data/provider';
import { ModelForm } from '../form/ModelForm';
import { ModelList } from '../list/ModelList';
import { makeField, makeModel } from './fixtures';

export interface Calls {
  listRecords: number;
  dictionary: { type: string; silent: boolean }[];
  dataInterface: { id: string; silent: boolean }[];
}

let root: Root | null = null;
let calls: Calls = { listRecords: 0, dictionary: [], dataInterface: [] };

const ENTRIES: DictionaryEntry[] = [
  { id: 'e1', fullName: '钢材', enCode: 'steel' },
  { id: 'e2', fullName: '煤炭', enCode: 'coal' },
];
const INTERFACE_ROWS = [{ v: 'a', n: '甲仓' }, { v: 'b', n: '乙仓' }];

/** Answers after a little while, as a server does: requests made meanwhile are still in flight. */
const later = <T,>(value: () => T) => new Promise<T>((resolve, reject) => setTimeout(() => {
  try {
    resolve(value());
  } catch (e) {
    reject(e);
  }
}, 30));

const missing = (what: string) => Object.assign(new Error(what), { code: 404, msg: what });

/** A provider that counts its calls; dictionaries and interfaces named in `absent` answer 404. */
function countingProvider(rowCount: number, absent: ReadonlySet<string>): DataProvider {
  const rows: RecordRow[] = Array.from({ length: rowCount }, (_, i) => ({ id: `r${i}`, name: `商品${i}`, cat: i % 2 ? 'coal' : 'steel', store: i % 2 ? 'b' : 'a' }));
  return createPartialDataProvider({
    listRecords: (_model, query) => {
      calls.listRecords++;
      return later(() => ({ list: rows.slice(0, query.pageSize), pagination: { currentPage: 1, pageSize: query.pageSize, total: rows.length }, refs: {} }));
    },
    dictionary: (type, _isTree, options?: CallOptions) => {
      calls.dictionary.push({ type, silent: !!options?.silent });
      return later(() => {
        if (absent.has(type)) throw missing('字典分类不存在');
        return ENTRIES;
      });
    },
    dataInterface: (id, _params, options?: CallOptions) => {
      calls.dataInterface.push({ id, silent: !!options?.silent });
      return later(() => {
        if (absent.has(id)) throw missing('数据接口不存在');
        return { list: INTERFACE_ROWS };
      });
    },
  });
}

const dictionarySelect = (key: string, type: string): CompiledField =>
  makeField('select', key, { label: key, options: { from: 'dictionary', dictionaryType: type, labelKey: 'fullName', valueKey: 'enCode', childrenKey: 'children' } });
const interfaceSelect = (key: string, id: string): CompiledField =>
  makeField('select', key, { label: key, options: { from: 'dataInterface', interfaceId: id, templateJson: [], labelKey: 'n', valueKey: 'v', childrenKey: 'children' } });

function mount(node: ReactNode): void {
  root?.unmount();
  document.body.innerHTML = '<div id="app"></div>';
  root = createRoot(document.getElementById('app')!);
  calls = { listRecords: 0, dictionary: [], dataInterface: [] };
  // one query cache, as the shell mounts it: every list and form below shares it
  const client = new QueryClient();
  root.render(
    <MantineProvider>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </MantineProvider>,
  );
}

/**
 * `lists` lists (as if in several tabs, each with its own RenderersProvider) of `rowCount` rows
 * with a dictionary column (cat) and a data-interface column (store); `absent` names sources that answer 404.
 */
function mountLists(rowCount: number, lists = 1, absent: string[] = []): void {
  const provider = countingProvider(rowCount, new Set(absent));
  const model = makeModel([makeField('input', 'name'), dictionarySelect('cat', 'goods'), interfaceSelect('store', 'stores')]);
  mount(
    <>
      {Array.from({ length: lists }, (_, i) => (
        <RenderersProvider key={i} data={provider}>
          <div data-list-index={i}>
            <ModelList model={model} permissions={null} menuId={`harness-${i}`} />
          </div>
        </RenderersProvider>
      ))}
    </>,
  );
}

/** A form with a select per dictionary name and one on a data interface; names in `absent` answer 404. */
function mountForm(dictionaries: string[], absent: string[]): void {
  const provider = countingProvider(0, new Set(absent));
  const model = makeModel([...dictionaries.map((type, i) => dictionarySelect(`d${i}`, type)), interfaceSelect('store', 'stores')]);
  mount(
    <RenderersProvider data={provider}>
      <ModelForm model={model} permissions={null} />
    </RenderersProvider>,
  );
}

declare global {
  interface Window {
    scpList: typeof api;
  }
}

const api = { mountLists, mountForm, calls: () => calls };
window.scpList = api;
