/**
 * Browser harness for the keystroke test and the form bench: bundled with esbuild into a
 * temporary page (see browser.ts). It mounts our ModelForm, a plain @rjsf/core Form with its
 * default theme or a plain @rjsf/mantine Form over the same fields, and measures first render, time until every field is
 * mounted, and keystroke latency.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import Form from '@rjsf/core';
import MantineForm from '@rjsf/mantine';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { RenderersProvider } from '../context';
import { createPartialDataProvider } from '../data/provider';
import { ModelForm, type ModelFormHandle } from '../form/ModelForm';
import { FormPopup } from '../pages/ModelPage';
import type { FieldKind } from '../../runtime/kinds';
import type { CompiledModel, FieldError, LayoutNode } from '../../runtime/model/compiled';
import { largeModel, makeField, makeModel } from './fixtures';

let root: Root | null = null;
const renders = new Map<string, number>();
let handle: ModelFormHandle | null = null;

function container(): HTMLElement {
  root?.unmount();
  document.body.innerHTML = '<div id="app"></div>';
  const el = document.getElementById('app')!;
  root = createRoot(el);
  return el;
}

function rjsfSchema(count: number): RJSFSchema {
  const kinds = ['string', 'string', 'number', 'string', 'string'] as const;
  const properties: Record<string, RJSFSchema> = {};
  for (let i = 0; i < count; i++) properties[`f${i}`] = { type: kinds[i % kinds.length], title: `字段 ${i}`, ...(i % 5 === 4 ? { enum: ['1', '2'] } : {}) };
  return { type: 'object', properties, required: Object.keys(properties).filter((_, i) => i % 10 === 0) };
}

const data = createPartialDataProvider({});

/**
 * What a mount cost (ms from the start of the render): `render` to the committed first render
 * (flushSync), `firstPaint` to the same plus the style and layout it forces, `complete` to the
 * moment every field is mounted (ours mounts fields past the first screen in idle time; plain
 * rjsf mounts everything in its first render, so there complete = firstPaint).
 */
export interface MountTiming {
  render: number;
  firstPaint: number;
  complete: number;
}

function settle(el: HTMLElement, t0: number): Promise<number> {
  const pending = () => !!el.querySelector('.scp-form-item-pending');
  if (!pending()) return Promise.resolve(performance.now() - t0);
  return new Promise((resolve) => {
    // Mutation records arrive in the microtask after each slice commits.
    const observer = new MutationObserver(() => {
      if (pending()) return;
      observer.disconnect();
      void el.offsetHeight;
      resolve(performance.now() - t0);
    });
    observer.observe(el, { childList: true, subtree: true });
  });
}

/** Mounts our form; resolves when every field is mounted (see MountTiming). */
async function mountOurs(count: number, kinds?: FieldKind[]): Promise<MountTiming> {
  const el = container();
  renders.clear();
  const model = largeModel(count, kinds);
  const t0 = performance.now();
  flushSync(() =>
    root!.render(
      <MantineProvider>
        <RenderersProvider data={data}>
          <ModelForm model={model} permissions={null} formRef={(h) => void (handle = h)} onFieldRender={(key) => renders.set(key, (renders.get(key) ?? 0) + 1)} />
        </RenderersProvider>
      </MantineProvider>,
    ),
  );
  const render = performance.now() - t0;
  void el.offsetHeight;
  const firstPaint = performance.now() - t0;
  return { render, firstPaint, complete: await settle(el, t0) };
}

/** Mounts plain @rjsf/core (default theme, controlled by its own state). */
async function mountRjsf(count: number): Promise<MountTiming> {
  const el = container();
  const schema = rjsfSchema(count);
  const t0 = performance.now();
  flushSync(() => root!.render(<Form schema={schema} validator={validator} formData={{}} />));
  const render = performance.now() - t0;
  void el.offsetHeight;
  const firstPaint = performance.now() - t0;
  return { render, firstPaint, complete: firstPaint };
}

/** Mounts plain @rjsf/mantine (its Mantine theme, controlled by its own state). */
async function mountRjsfMantine(count: number): Promise<MountTiming> {
  const el = container();
  const schema = rjsfSchema(count);
  const t0 = performance.now();
  flushSync(() =>
    root!.render(
      <MantineProvider>
        <MantineForm schema={schema} validator={validator} formData={{}} />
      </MantineProvider>,
    ),
  );
  const render = performance.now() - t0;
  void el.offsetHeight;
  const firstPaint = performance.now() - t0;
  return { render, firstPaint, complete: firstPaint };
}

/**
 * A form with a tab (panes p1: code, p2: note) and a one-open-at-a-time collapse (c1: memo1,
 * c2: memo2) under `name`; name and note are required.
 */
function panesModel(popupType: CompiledModel['form']['popupType']) {
  const field = (key: string, label: string, required = false) => makeField('input', key, { label, required, span: 24 });
  const fields = [field('name', '名称', true), field('code', '编码'), field('note', '说明', true), field('memo1', '备注一'), field('memo2', '备注二')];
  const leaf = (key: string): LayoutNode => ({ node: 'field', key, span: 24 });
  const layout: LayoutNode[] = [
    leaf('name'),
    { node: 'panes', kind: 'tab', id: 'tab1', span: 24, title: null, props: {}, panes: [{ name: 'p1', title: '基本', children: [leaf('code')] }, { name: 'p2', title: '更多', children: [leaf('note')] }] },
    { node: 'panes', kind: 'collapse', id: 'col1', span: 24, title: null, props: { accordion: true }, panes: [{ name: 'c1', title: '备注一', children: [leaf('memo1')] }, { name: 'c2', title: '备注二', children: [leaf('memo2')] }] },
  ];
  const model = makeModel(fields, {}, layout);
  return { ...model, form: { ...model.form, popupType } };
}

/** A refusal as the API client rejects with it (code 400, data.errors). */
class Refusal extends Error {
  readonly code = 400;
  constructor(readonly data: { errors: FieldError[] }) {
    super('数据校验失败');
  }
}

/** What the data-provider double of mountPopup was asked to save. */
const saved: Record<string, unknown>[] = [];

/**
 * ModelPage's add form (in a dialog, drawer or full page) over panesModel, with a data provider double whose createRecord
 * refuses with `errors` (or saves when there are none).
 */
function mountPopup(errors: FieldError[], popupType: CompiledModel['form']['popupType'] = 'general'): void {
  container();
  saved.length = 0;
  const provider = createPartialDataProvider({
    createRecord: async (_model, values) => {
      saved.push(values);
      if (errors.length) throw new Refusal({ errors });
      return 'id1';
    },
  });
  flushSync(() =>
    root!.render(
      <MantineProvider>
        <RenderersProvider data={provider}>
          <FormPopup model={panesModel(popupType)} permissions={null} editing={{ id: null }} onClose={() => {}} onSaved={() => {}} />
        </RenderersProvider>
      </MantineProvider>,
    ),
  );
}

/** Yields to the event loop without timer clamping. */
function tick(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  });
}

function inputOf(index: number): HTMLInputElement {
  const byOurs = document.querySelector<HTMLInputElement>(`[data-field-key="f${index}"] input`);
  return byOurs ?? document.querySelector<HTMLInputElement>(`#root_f${index}`)!;
}

/** Types one character into field `index` and waits for React to commit; returns the latency (ms). */
async function keystroke(index: number, text: string): Promise<number> {
  const el = inputOf(index);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  const t0 = performance.now();
  setter.call(el, text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  // React flushes a discrete update in a microtask; rjsf may defer its onChange: wait one task for both.
  await tick();
  const t1 = performance.now();
  if (el.value !== text) throw new Error(`field ${index} shows "${el.value}", expected "${text}"`);
  return t1 - t0;
}

declare global {
  interface Window {
    scp: typeof api;
  }
}

const api = {
  mountOurs,
  mountRjsf,
  mountRjsfMantine,
  keystroke,
  renderCounts: () => Object.fromEntries(renders),
  resetCounts: () => renders.clear(),
  mountPopup,
  saved: () => saved,
  submit: async () => (handle ? handle.submit() : false),
  blur: (index: number) => {
    inputOf(index).dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    inputOf(index).blur();
  },
};
window.scp = api;
