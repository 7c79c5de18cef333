import type { CompiledResourceAction, CompiledResourcePage, ResourceCallName } from '../model/pages';
import { isRecord } from './context';
import { str } from './form';
import { compileModel, type CompileOptions, type CompileResult } from './model';
import { start } from './pages';

const CALLS: readonly ResourceCallName[] = ['list', 'children', 'info', 'create', 'update', 'delete', 'state'];

function callsOf(value: unknown): Partial<Record<ResourceCallName, string>> {
  const calls: Partial<Record<ResourceCallName, string>> = {};
  if (!isRecord(value)) return calls;
  for (const name of CALLS) if (typeof value[name] === 'string') calls[name] = value[name];
  return calls;
}

const textOf = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/**
 * An admin resource page (schemas/admin/*.json): the meta-schema, the texts in the compile's
 * language, and its formData/columnData compiled as a model would be (the same field kinds,
 * columns and buttons), so a page that would not draw is refused here. The page carries the
 * parts as JSON text; the browser compiles them again as it does a model's released definition.
 */
export function compileResourcePage(descriptor: unknown, options: CompileOptions): CompileResult<CompiledResourcePage> {
  const { ctx, d } = start('resource', descriptor, options, ['id', 'fullName']);
  if (!d) return { model: null, problems: ctx.problems };
  const id = str(d.id) ?? '';
  const fullName = str(d.fullName) ?? '';
  const formData = textOf(d.formData);
  const columnData = textOf(d.columnData);
  // d is already in one language (its translations were checked above): the parts compile without a second check
  const compiled = compileModel({ id, fullName, enCode: id, formData: d.formData, columnData: d.columnData }, { ...options, strict: false, translations: 'ignore' });
  ctx.problems.push(...compiled.problems);
  const calls = callsOf(d.calls);
  const actions: CompiledResourceAction[] = (Array.isArray(d.actions) ? d.actions : []).filter(isRecord).map((a, i) => {
    const value = str(a.value) ?? '';
    const call = str(a.call) ?? (value === 'state' ? (calls.state ?? null) : null);
    const open = str(a.open);
    const dialog = str(a.dialog);
    if (!call && !open && !dialog) ctx.error(`actions[${i}]`, 'admin.actionWithoutCall', { value });
    if (a.formData !== undefined) {
      const form = compileModel({ id: `${id}.${value}`, fullName, enCode: `${id}.${value}`, formData: a.formData }, { ...options, strict: false, translations: 'ignore' });
      for (const p of form.problems) ctx.problems.push({ ...p, path: `actions[${i}].${p.path}` });
    }
    return {
      value, call, open, dialog, confirm: str(a.confirm), formData: textOf(a.formData), md5: Array.isArray(a.md5) ? a.md5.filter((m): m is string => typeof m === 'string') : [],
      body: a.body === 'form' ? 'form' : 'none', success: str(a.success), upload: str(a.upload), accept: str(a.accept),
    };
  });
  const model = compiled.model;
  const single = d.single === true;
  if (single) {
    // a settings page: one record read and saved; its actions are run by the form's button fields
    for (const call of ['info', 'update'] as const) if (!calls[call]) ctx.error('calls', 'compile.missingKey', { key: `calls.${call}` });
  } else if (model) {
    const known = new Set(actions.map((a) => a.value));
    for (const b of model.list.rowButtons) if (!['edit', 'remove', 'detail'].includes(b.value) && !known.has(b.value)) ctx.error('columnData.customBtnsList', 'admin.buttonWithoutAction', { value: b.value });
    const need: [string, ResourceCallName][] = [['add', 'create'], ['edit', 'update'], ['remove', 'delete'], ['detail', 'info']];
    const buttons = new Set([...model.list.buttons, ...model.list.rowButtons].map((b) => b.value));
    for (const [button, call] of need) if (buttons.has(button) && !calls[call]) ctx.error('calls', 'admin.missingCall', { call, button });
    if (!calls.list) ctx.error('calls', 'compile.missingKey', { key: 'calls.list' });
  }
  const tools = (Array.isArray(d.tools) ? d.tools : []).filter(isRecord).map((t) => ({ value: str(t.value) ?? '', label: str(t.label) ?? '', dialog: str(t.dialog) ?? '' }));
  const variants = (Array.isArray(d.variants) ? d.variants : []).filter(isRecord).map((v) => ({ field: str(v.field) ?? '', value: String(v.value ?? ''), calls: callsOf(v.calls) }));
  const sources = Object.fromEntries(Object.entries(isRecord(d.sources) ? d.sources : {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const tree = isRecord(d.tree) ? { call: str(d.tree.call) ?? '', param: str(d.tree.param) ?? '', title: str(d.tree.title) } : null;
  if (!formData || (!columnData && !single)) return { model: null, problems: ctx.problems };
  return { model: { id, fullName, calls, variants, sources, tree, actions, tools, single, formData, columnData }, problems: ctx.problems };
}
