/**
 * Browser harness of the sub-table bench (bench/sub-table-browser.ts): a form with one sub-table
 * of N rows × 8 columns (text, text, number, number, select, date, long text, a calculated
 * amount), a keystroke in one cell, and adding a row; times in the page's clock.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { RenderersProvider } from '../context';
import { createPartialDataProvider } from '../data/provider';
import { ModelForm } from '../form/ModelForm';
import { makeField, makeModel } from './fixtures';

let root: Root | null = null;
/** Renders of each form item and sub-table row (`items.3`), from the form's test hook. */
const renders = new Map<string, number>();
const data = createPartialDataProvider({});

const COLUMNS = [
  makeField('input', 'name', { label: '名称', required: true }),
  makeField('input', 'code', { label: '编码' }),
  makeField('inputNumber', 'qty', { label: '数量', props: {} }),
  makeField('inputNumber', 'price', { label: '单价', props: {} }),
  makeField('select', 'kind', { label: '类别' }),
  makeField('datePicker', 'day', { label: '日期' }),
  makeField('textarea', 'note', { label: '备注' }),
  makeField('calculate', 'amount', { label: '金额', props: { expression: ['items.qty', '×', 'items.price'] } }),
];

function tick(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}

async function mount(rows: number): Promise<number> {
  root?.unmount();
  document.body.innerHTML = '<div id="app"></div>';
  root = createRoot(document.getElementById('app')!);
  const table = makeField('table', 'items', { label: '明细', columns: COLUMNS, props: { showSummary: true, summaryField: ['qty', 'amount'] }, defaultValue: [] });
  const model = makeModel([table]);
  const initial = { items: Array.from({ length: rows }, (_, i) => ({ name: `行${i}`, code: `C${i}`, qty: i % 7, price: 1.5, kind: '1', day: null, note: '', amount: (i % 7) * 1.5 })) };
  renders.clear();
  const t0 = performance.now();
  flushSync(() =>
    root!.render(
      <MantineProvider>
        <RenderersProvider data={data}>
          <ModelForm model={model} permissions={null} initialValues={initial} showActions={false} onFieldRender={(key) => renders.set(key, (renders.get(key) ?? 0) + 1)} />
        </RenderersProvider>
      </MantineProvider>,
    ),
  );
  await tick();
  return performance.now() - t0;
}

/** Types `text` into the name cell of `row`: from the input event until React has committed it. */
async function keystroke(row: number, text: string): Promise<number> {
  const el = document.querySelector<HTMLInputElement>(`[data-cell="items.${row}.name"] input`)!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  const t0 = performance.now();
  setter.call(el, text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  await tick();
  const t1 = performance.now();
  if (el.value !== text) throw new Error(`row ${row} shows "${el.value}", expected "${text}"`);
  return t1 - t0;
}

/** Clicks 添加: from the click until the new row is in the document. */
async function addRow(): Promise<number> {
  const before = document.querySelectorAll('[data-sub-table="items"] tbody tr[data-row-index]').length;
  const button = document.querySelector<HTMLButtonElement>('[data-action="add-row"]')!;
  const t0 = performance.now();
  button.click();
  await tick();
  const t1 = performance.now();
  const after = document.querySelectorAll('[data-sub-table="items"] tbody tr[data-row-index]').length;
  if (after !== before + 1) throw new Error(`rows ${before} → ${after}`);
  return t1 - t0;
}

const api = {
  mount, keystroke, addRow,
  renderCounts: () => Object.fromEntries(renders),
  resetCounts: () => renders.clear(), summary: (column: string) => document.querySelector(`[data-summary="${column}"]`)?.textContent ?? '' };
declare global {
  interface Window {
    subTable: typeof api;
  }
}
window.subTable = api;
