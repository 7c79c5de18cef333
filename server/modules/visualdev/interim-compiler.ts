import { canonicalKind, FIELD_KINDS, type FieldKind } from '../../../src/runtime/model/kinds';
import type {
  CompiledButton, CompiledColumn, CompiledField, CompiledModel, CompiledRule, CompiledSearchField, CompileProblem,
  FieldError, LayoutNode, RecordValidator,
} from '../../../src/runtime/model/compiled';
import type { ModelDescriptor } from './compiler';

/**
 * INTERIM: a deliberately small stand-in for src/runtime/compile and src/runtime/validation,
 * used only until the compiler engineer's modules land (see compiler.ts, the one place that
 * chooses). It reads the shapes real exports carry, enough for the record API: storing fields,
 * required + regList, list columns, search fields, buttons and permission switches.
 */
type Json = Record<string, any>;

const NUMERIC: ReadonlySet<FieldKind> = new Set(['inputNumber', 'rate', 'slider', 'calculate', 'createTime', 'modifyTime', 'datePicker']);
const TEXTUAL: ReadonlySet<FieldKind> = new Set(['input', 'textarea', 'billRule', 'autoComplete']);

export function interimCompile(descriptor: ModelDescriptor, file: string): { model: CompiledModel | null; problems: CompileProblem[] } {
  const problems: CompileProblem[] = [];
  const problem = (path: string, message: string, severity: 'error' | 'warning' = 'error') => problems.push({ file, path, message, severity });
  const form = parsePart(descriptor.formData, 'formData', problem);
  const columns = parsePart(descriptor.columnData ?? {}, 'columnData', problem);
  if (!form || !columns) return { model: null, problems };
  if (!Array.isArray(form.fields)) {
    problem('formData.fields', 'must be an array of field configurations');
    return { model: null, problems };
  }

  const fields: Record<string, CompiledField> = {};
  const walk = (items: unknown[], path: string): LayoutNode[] =>
    items.flatMap((item, i): LayoutNode[] => {
      const at = `${path}[${i}]`;
      if (!item || typeof item !== 'object') {
        problem(at, 'expected a field configuration object');
        return [];
      }
      const f = item as Json;
      const config = (f.__config__ ?? {}) as Json;
      const key = String(config.jnpfKey ?? '');
      const children = Array.isArray(config.children) ? (config.children as unknown[]) : null;
      const span = Number(config.span ?? 24);
      if (key !== 'table' && children) {
        const kind = (['row', 'card', 'tableGrid'].includes(key) ? key : 'row') as 'row' | 'card' | 'tableGrid';
        return [{ node: 'container', kind, id: String(config.formId ?? at), span, title: config.label ?? null, props: {}, children: walk(children, `${at}.__config__.children`) }];
      }
      const kind = canonicalKind(key);
      const vModel = typeof f.__vModel__ === 'string' && f.__vModel__ ? f.__vModel__ : null;
      if (!kind) {
        if (!vModel) return [{ node: 'unknown', sourceKey: key, id: String(config.formId ?? at), span, label: config.label ?? null }];
        problem(at, `unknown component key "${key}", stored as text`, 'warning');
      }
      const k: FieldKind = kind ?? 'input';
      const stores = FIELD_KINDS[k].stores && Boolean(vModel);
      const fieldKey = vModel ?? `${k}_${config.formId ?? i}`;
      if (stores && fields[fieldKey]) problem(`${at}.__vModel__`, `duplicate field "${fieldKey}"`);
      fields[fieldKey] = compileField(f, config, k, key, fieldKey, stores, at, problem);
      return [{ node: 'field', key: fieldKey, span }];
    });
  const layout = walk(form.fields, 'formData.fields');

  const kindOf = (prop: string, item: Json): FieldKind | null =>
    fields[prop]?.kind ?? canonicalKind(String(item.jnpfKey ?? item.__config__?.jnpfKey ?? ''));
  const columnList: CompiledColumn[] = asArray(columns.columnList).map((c: Json) => {
    const prop = String(c.prop ?? c.__vModel__ ?? '');
    return {
      prop, label: String(c.label ?? prop), kind: kindOf(prop, c),
      align: c.align === 'center' || c.align === 'right' ? c.align : 'left',
      width: typeof c.width === 'number' ? c.width : null,
      fixed: c.fixed === 'left' || c.fixed === 'right' ? c.fixed : null,
      sortable: Boolean(c.sortable), permissionCode: prop,
    };
  });
  for (const [i, c] of columnList.entries()) if (!fields[c.prop]) problem(`columnData.columnList[${i}].prop`, `no form field "${c.prop}"`, 'warning');
  const searchFields: CompiledSearchField[] = asArray(columns.searchList).map((s: Json) => {
    const prop = String(s.prop ?? s.__vModel__ ?? s.id ?? '');
    const kind = kindOf(prop, s);
    const declared = Number(s.searchType);
    const searchType = (declared === 1 || declared === 2 || declared === 3 ? declared : kind && NUMERIC.has(kind) ? 3 : kind && TEXTUAL.has(kind) ? 2 : 1) as 1 | 2 | 3;
    return { prop, label: String(s.label ?? s.__config__?.label ?? prop), kind, searchType, multiple: Boolean(s.searchMultiple) };
  });
  const keywordFromSearch = asArray(columns.searchList).filter((s: Json) => s.isKeyword).map((s: Json) => String(s.prop ?? s.__vModel__));
  const keywordFields = keywordFromSearch.length ? keywordFromSearch : columnList.filter((c) => c.kind && TEXTUAL.has(c.kind)).map((c) => c.prop);
  const button = (b: Json): CompiledButton => ({ value: String(b.value), label: String(b.label ?? b.value), icon: b.icon ?? null, permissionCode: `btn_${String(b.value)}` });
  const buttons = asArray(columns.btnsList).map(button);
  const rowButtons = asArray(columns.columnBtnsList).map(button);
  const type = [1, 2, 3, 4, 5].includes(Number(columns.type)) ? (Number(columns.type) as 1 | 2 | 3 | 4 | 5) : 1;
  const storing = Object.values(fields).filter((f) => f.stores);

  const model: CompiledModel = {
    id: descriptor.id ?? '',
    fullName: descriptor.fullName,
    enCode: descriptor.enCode,
    form: {
      fields, layout,
      defaults: Object.fromEntries(storing.filter((f) => !f.system && f.defaultValue !== undefined && f.defaultValue !== null).map((f) => [f.key, f.defaultValue])),
      labelWidth: Number(form.labelWidth ?? 100),
      labelPosition: form.labelPosition === 'left' || form.labelPosition === 'top' ? form.labelPosition : 'right',
      size: form.size ?? null, gutter: Number(form.gutter ?? 15),
      popupType: form.popupType === 'drawer' || form.popupType === 'fullScreen' ? form.popupType : 'general',
      popupWidth: String(form.generalWidth ?? '600px'),
      confirmButtonText: form.confirmButtonText ?? null, cancelButtonText: form.cancelButtonText ?? null,
    },
    list: {
      type, columns: columnList, searchFields, keywordFields, buttons, rowButtons,
      hasPage: columns.hasPage !== false, pageSize: [20, 50, 100, 500].includes(Number(columns.pageSize)) ? Number(columns.pageSize) : 20,
      defaultSort: { field: columns.defaultSidx ? String(columns.defaultSidx) : null, order: columns.sort === 'asc' ? 'asc' : 'desc' },
      groupField: columns.groupField ? String(columns.groupField) : null,
      tree: type === 2 ? { title: String(columns.treeTitle ?? ''), dataSource: String(columns.treeDataSource ?? 'dictionary'), dictionary: columns.treeDictionary || null, relationField: columns.treeRelation || null } : null,
    },
    detail: {
      popupType: form.popupType === 'drawer' || form.popupType === 'fullScreen' ? form.popupType : 'general',
      generalWidth: String(form.generalWidth ?? '600px'), fullScreenWidth: String(form.fullScreenWidth ?? '100%'), drawerWidth: String(form.drawerWidth ?? '600px'),
      hasPrintBtn: Boolean(form.hasPrintBtn), printId: asArray(form.printId).map(String), printButtonText: String(form.printButtonText ?? '打 印'),
    },
    recordSchema: {
      type: 'object',
      properties: Object.fromEntries(storing.map((f) => [f.key, {}])),
      required: storing.filter((f) => f.required && !f.system).map((f) => f.key),
    },
    permissionCodes: {
      button: [...new Set([...buttons, ...rowButtons].map((b) => b.permissionCode))],
      column: columnList.map((c) => c.permissionCode),
      form: storing.map((f) => f.permissionCode),
    },
    usePermission: {
      button: Boolean(columns.useBtnPermission), column: Boolean(columns.useColumnPermission),
      form: Boolean(columns.useFormPermission), data: Boolean(columns.useDataPermission),
    },
  };
  return { model: problems.some((p) => p.severity === 'error') ? null : model, problems };
}

function compileField(f: Json, config: Json, kind: FieldKind, sourceKey: string, key: string, stores: boolean, at: string, problem: (p: string, m: string) => void): CompiledField {
  const rules: CompiledRule[] = [];
  asArray(config.regList).forEach((r: Json, i: number) => {
    const text = String(r.pattern ?? '');
    const m = /^\/(.*)\/([a-z]*)$/s.exec(text);
    const [source, flags] = m ? [m[1]!, m[2]!] : [text, ''];
    try {
      new RegExp(source, flags);
      rules.push({ pattern: source, flags, message: String(r.message ?? '') });
    } catch {
      problem(`${at}.__config__.regList[${i}].pattern`, `invalid regular expression ${text}`);
    }
  });
  const slot = (f.__slot__ ?? {}) as Json;
  const props = (config.props ?? f.props ?? {}) as Json;
  const options = Array.isArray(slot.options) || Array.isArray(f.options)
    ? { from: 'static' as const, options: asArray(slot.options ?? f.options).map((o: Json) => ({ label: String(o[props.label ?? 'fullName'] ?? o.label ?? ''), value: o[props.value ?? 'id'] ?? o.value })), labelKey: 'label', valueKey: 'value', childrenKey: 'children' }
    : config.dataType === 'dictionary' && config.dictionaryType
      ? { from: 'dictionary' as const, dictionaryType: String(config.dictionaryType), labelKey: props.label ?? 'fullName', valueKey: props.value ?? 'id', childrenKey: 'children' }
      : null;
  const { __config__: _c, __slot__: _s, __vModel__: _v, ...rest } = f;
  return {
    key, kind, sourceKey, label: String(config.label ?? key), showLabel: config.showLabel !== false, stores,
    system: FIELD_KINDS[kind].group === 'system', required: Boolean(config.required), rules,
    visiblePc: !Array.isArray(config.visibility) || config.visibility.includes('pc'), noShow: Boolean(config.noShow),
    disabled: Boolean(f.disabled), readonly: Boolean(f.readonly), defaultValue: config.defaultValue ?? null, options,
    props: rest, permissionCode: key, placeholder: f.placeholder ?? null, span: Number(config.span ?? 24),
  };
}

function parsePart(value: unknown, path: string, problem: (p: string, m: string) => void): Json | null {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch (e) {
      problem(path, `not valid JSON: ${(e as Error).message}`);
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    problem(path, 'must be a JSON object');
    return null;
  }
  return value as Json;
}

const asArray = (v: unknown): any[] => (Array.isArray(v) ? v : []);

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** INTERIM validator: required and regList with the descriptor's own messages. */
export const interimValidator: RecordValidator = {
  validate(model, record) {
    const errors: FieldError[] = [];
    for (const field of Object.values(model.form.fields)) {
      if (!field.stores || field.system) continue;
      const value = record[field.key];
      if (field.required && empty(value)) {
        errors.push({ field: field.key, message: `${field.label}不能为空` });
        continue;
      }
      if (empty(value)) continue;
      if (field.kind === 'inputNumber' && typeof value !== 'number') errors.push({ field: field.key, message: `${field.label}必须为数字` });
      for (const rule of field.rules) {
        if (typeof value === 'string' && !new RegExp(rule.pattern, rule.flags).test(value)) {
          errors.push({ field: field.key, message: rule.message });
          break;
        }
      }
    }
    return errors;
  },
};
