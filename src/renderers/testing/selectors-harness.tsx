/**
 * Browser harness of the numbering-template picker (see browser.ts,
 * `openHarness('selectors-harness.tsx', 'scpSelectors')`): the picker over a data-provider double
 * that records what the list was asked for and answers 45 rules, so a test sees the paging,
 * the category, the keyword and what confirm emits.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { createRoot, type Root } from 'react-dom/client';
import { RenderersProvider } from '../context';
import { createPartialDataProvider, type DictionaryEntry } from '../data/provider';
import { BillRulePicker } from '../selectors/BillRulePicker';

const CATEGORIES: DictionaryEntry[] = [
  { id: 'c1', fullName: '销售业务', enCode: 'sales' },
  { id: 'c2', fullName: '采购业务', enCode: 'purchase' },
];
const RULES = Array.from({ length: 45 }, (_, i) => ({ id: `r${i}`, fullName: `规则${i}`, enCode: `R${i}`, startNumber: '0001', category: i % 2 ? 'sales' : 'purchase' }));

let root: Root | null = null;
const state = { asked: [] as Record<string, unknown>[], confirmed: [] as string[], cancelled: 0 };

const provider = createPartialDataProvider({
  dictionary: async () => CATEGORIES,
  resourceCall: async (_method, url, query) => {
    if (url !== '/api/system/BillRule/Selector') throw new Error(`unexpected ${url}`);
    const q = query ?? {};
    state.asked.push(q);
    const keyword = String(q.keyword ?? '');
    const rows = RULES.filter((r) => (!q.categoryId || r.category === q.categoryId) && (!keyword || r.fullName.includes(keyword)));
    const page = Number(q.currentPage), size = Number(q.pageSize);
    return { list: rows.slice((page - 1) * size, page * size), pagination: { currentPage: page, pageSize: size, total: rows.length } };
  },
});

function mount(value: string | null): void {
  state.asked = [];
  state.confirmed = [];
  state.cancelled = 0;
  root?.unmount();
  const el = document.getElementById('root') ?? document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
  root = createRoot(el);
  root.render(
    <MantineProvider>
      <RenderersProvider data={provider}>
        <BillRulePicker opened value={value} onConfirm={(code) => state.confirmed.push(code)} onCancel={() => state.cancelled++} />
      </RenderersProvider>
    </MantineProvider>,
  );
}

const api = { mount, state: () => state };

declare global {
  interface Window {
    scpSelectors: typeof api;
  }
}

window.scpSelectors = api;
