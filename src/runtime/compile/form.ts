import type { CompiledField, CompiledForm, LayoutNode, LayoutPane } from '../model/compiled';
import { canonicalKind, isContainerKind, type ContainerKind } from '../kinds';
import { type CompileContext, isRecord } from './context';
import { compileField } from './field';

export interface FormWalk {
  fields: Record<string, CompiledField>;
  layout: LayoutNode[];
  /** __vModel__ of fields whose component key is unknown: a column naming one is a warning, not a broken reference. */
  unknownKeys: Set<string>;
}

/**
 * Walks formData.fields into the field map and the layout tree. Containers (row, card,
 * tableGrid) hold children; tab and collapse hold panes whose title/name sit at the pane's
 * top level; an unknown component key becomes an `unknown` node with a warning.
 */
export function walkForm(fieldsIn: unknown, path: string, ctx: CompileContext): FormWalk {
  const walk: FormWalk = { fields: {}, layout: [], unknownKeys: new Set() };
  let counter = 0;
  const nextId = (prefix: string, formId: unknown) => (formId !== undefined && formId !== null && formId !== '' ? `${prefix}${String(formId)}` : `${prefix}_${++counter}`);

  const visit = (list: unknown, at: string): LayoutNode[] => {
    if (!Array.isArray(list)) return [];
    const nodes: LayoutNode[] = [];
    list.forEach((item, i) => {
      const p = `${at}[${i}]`;
      const config = isRecord(item) && isRecord(item.__config__) ? item.__config__ : null;
      const sourceKey = config && typeof config.jnpfKey === 'string' && config.jnpfKey ? config.jnpfKey : null;
      const span = config && typeof config.span === 'number' ? config.span : 24;
      const label = config && typeof config.label === 'string' ? config.label : null;
      if (!config || !sourceKey) {
        ctx.warn(p, 'compile.missingKind');
        nodes.push({ node: 'unknown', sourceKey: '', id: nextId('unknown', config?.formId), span, label });
        return;
      }
      const raw = item as Record<string, unknown>;
      if (isContainerKind(sourceKey)) {
        nodes.push(container(sourceKey, raw, config, p, span));
        return;
      }
      const kind = canonicalKind(sourceKey);
      if (!kind) {
        ctx.warn(`${p}.__config__.jnpfKey`, 'compile.unknownKind', { key: sourceKey });
        if (typeof raw.__vModel__ === 'string') walk.unknownKeys.add(raw.__vModel__);
        nodes.push({ node: 'unknown', sourceKey, id: nextId(sourceKey, config.formId), span, label });
        return;
      }
      const field = compileField(raw, kind, sourceKey, { path: p, generatedKey: nextId(kind, config.formId) }, ctx);
      if (walk.fields[field.key]) {
        ctx.error(`${p}.__vModel__`, 'compile.duplicateVModel', { key: field.key });
        return;
      }
      walk.fields[field.key] = field;
      nodes.push({ node: 'field', key: field.key, span: field.span });
    });
    return nodes;
  };

  const container = (kind: ContainerKind, raw: Record<string, unknown>, config: Record<string, unknown>, p: string, span: number): LayoutNode => {
    const id = typeof config.componentName === 'string' && config.componentName ? config.componentName : nextId(kind, config.formId);
    const props: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(raw)) if (k !== '__config__' && k !== '__vModel__' && k !== 'on') props[k.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())] = v;
    const childrenPath = `${p}.__config__.children`;
    if (kind === 'tab' || kind === 'collapse') {
      if (config.active !== undefined) props.active = config.active;
      const panes: LayoutPane[] = (Array.isArray(config.children) ? config.children : []).map((pane, j) => {
        const paneRecord = isRecord(pane) ? pane : {};
        const paneConfig = isRecord(paneRecord.__config__) ? paneRecord.__config__ : {};
        return {
          title: typeof paneRecord.title === 'string' ? paneRecord.title : '',
          name: typeof paneRecord.name === 'string' && paneRecord.name ? paneRecord.name : String(j + 1),
          children: visit(paneConfig.children, `${childrenPath}[${j}].__config__.children`),
        };
      });
      return { node: 'panes', kind, id, span, title: null, props, panes };
    }
    if (kind === 'tableGrid') {
      // rows (tableGridTr) of cells (tableGridTd): kept as nested tableGrid containers with props.part
      const rows = (Array.isArray(config.children) ? config.children : []).map((row, r): LayoutNode => {
        const rowConfig = isRecord(row) && isRecord(row.__config__) ? row.__config__ : {};
        const rowPath = `${childrenPath}[${r}].__config__.children`;
        const cells = (Array.isArray(rowConfig.children) ? rowConfig.children : []).map((cell, c): LayoutNode => {
          const cellConfig = isRecord(cell) && isRecord(cell.__config__) ? cell.__config__ : {};
          const part = { part: 'td', colspan: cellConfig.colspan ?? 1, rowspan: cellConfig.rowspan ?? 1 };
          return { node: 'container', kind: 'tableGrid', id: `${id}-${r}-${c}`, span: 24, title: null, props: part, children: visit(cellConfig.children, `${rowPath}[${c}].__config__.children`) };
        });
        return { node: 'container', kind: 'tableGrid', id: `${id}-${r}`, span: 24, title: null, props: { part: 'tr' }, children: cells };
      });
      for (const key of ['borderType', 'borderColor', 'borderWidth'] as const) if (config[key] !== undefined) props[key] = config[key];
      return { node: 'container', kind, id, span, title: null, props: { ...props, part: 'table' }, children: rows };
    }
    const title = kind === 'card' ? (typeof raw.header === 'string' ? raw.header : null) : null;
    return { node: 'container', kind, id, span, title, props, children: visit(config.children, childrenPath) };
  };

  walk.layout = visit(fieldsIn, path);
  return walk;
}

/** Form-level settings of formData (labels, sizes, popup). */
export function formSettings(formData: Record<string, unknown>): Omit<CompiledForm, 'fields' | 'layout' | 'defaults'> {
  const popupType = formData.popupType === 'drawer' || formData.popupType === 'fullScreen' ? formData.popupType : 'general';
  const widths = {
    general: str(formData.generalWidth) ?? '600px',
    fullScreen: str(formData.fullScreenWidth) ?? '100%',
    drawer: str(formData.drawerWidth) ?? '600px',
  };
  const labelPosition = formData.labelPosition === 'left' || formData.labelPosition === 'top' ? formData.labelPosition : 'right';
  return {
    labelWidth: typeof formData.labelWidth === 'number' ? formData.labelWidth : 100,
    labelPosition,
    size: str(formData.size),
    gutter: typeof formData.gutter === 'number' ? formData.gutter : 15,
    popupType,
    popupWidth: widths[popupType],
    confirmButtonText: str(formData.confirmButtonText),
    cancelButtonText: str(formData.cancelButtonText),
  };
}

export function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
