import { DESCRIPTOR_TOP_KEYS } from '../../schemas/descriptors';
import type { Locale } from '../i18n';
import type { CompiledDetail, CompiledModel, CompileProblem } from '../model/compiled';
import { CompileContext, isRecord } from './context';
import { formSettings, str, walkForm } from './form';
import { compileList } from './list';
import { buildRecordSchema } from './record-schema';
import { localised, type TranslationCheck } from './texts';

export interface CompileOptions {
  /** Name used in problems (a path under schemas/, or `visualdev:<id>`). */
  file: string;
  /**
   * Language of the compiled texts and of problem messages (default zh-CN): every text with a
   * `<key>_i18n` translation is compiled in this language, others keep the author's own text.
   * A compiled model is in one language.
   */
  locale?: Locale;
  /** Texts without a zh-TW or en translation: not checked (default), warnings, or errors (schema:check --require-translations). */
  translations?: TranslationCheck;
  /**
   * Report unknown top-level keys as errors (schemas/ files: a typo must not pass). Off, they
   * are warnings, so rows from the visual-development API with extra columns still compile.
   */
  strict?: boolean;
}

export interface CompileResult<T> {
  /** Null only when the descriptor cannot be read at all (not an object, no formData). */
  model: T | null;
  problems: CompileProblem[];
}

/** formData / columnData may be objects or JSON text (visualdev rows store them as text). */
function readPart(value: unknown, key: string, ctx: CompileContext): Record<string, unknown> | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (isRecord(parsed)) return parsed;
      ctx.error(key, 'compile.notObject');
    } catch (error) {
      ctx.error(key, 'compile.invalidJson', { what: key, detail: (error as Error).message });
    }
    return null;
  }
  if (isRecord(value)) return value;
  ctx.error(key, 'compile.notObject');
  return null;
}

export function checkTopKeys(descriptor: Record<string, unknown>, allowed: readonly string[], ctx: CompileContext, strict: boolean): void {
  for (const key of Object.keys(descriptor)) {
    if (!allowed.includes(key)) ctx.report(key, strict ? 'error' : 'warning', 'compile.unknownTopKey', { key });
  }
}

export function requireStrings(descriptor: Record<string, unknown>, keys: readonly string[], ctx: CompileContext): void {
  for (const key of keys) if (typeof descriptor[key] !== 'string' || descriptor[key] === '') ctx.error(key, 'compile.missingKey', { key });
}

/**
 * The one compiler: a model descriptor (a schemas/ file or a visualdev row) → the compiled
 * model renderers draw and the server validates against. Pure; never throws on bad input:
 * what is wrong comes back as problems naming the file and the JSON path.
 */
export function compileModel(descriptor: unknown, options: CompileOptions): CompileResult<CompiledModel> {
  const ctx = new CompileContext(options.file, options.locale);
  if (!isRecord(descriptor)) {
    ctx.error('', 'compile.notObject');
    return { model: null, problems: ctx.problems };
  }
  checkTopKeys(descriptor, DESCRIPTOR_TOP_KEYS.model, ctx, options.strict ?? false);
  requireStrings(descriptor, ['id', 'fullName', 'enCode'], ctx);
  const formDataIn = readPart(descriptor.formData, 'formData', ctx);
  if (!formDataIn) {
    if (descriptor.formData === undefined) ctx.error('formData', 'compile.missingKey', { key: 'formData' });
    return { model: null, problems: ctx.problems };
  }
  const columnDataIn = readPart(descriptor.columnData, 'columnData', ctx) ?? {};
  const texts: Record<string, unknown> & { formData: Record<string, unknown>; columnData: Record<string, unknown> } = localised({ ...descriptor, formData: formDataIn, columnData: columnDataIn }, ctx, options.translations);
  const { formData, columnData } = texts;

  const walk = walkForm(formData.fields, 'formData.fields', ctx);
  const defaults: Record<string, unknown> = {};
  for (const field of Object.values(walk.fields)) if (field.stores && !field.system) defaults[field.key] = field.defaultValue;

  const list = compileList(columnData, { fields: walk.fields, unknownKeys: walk.unknownKeys }, ctx);
  const formCodes: string[] = [];
  for (const field of Object.values(walk.fields)) {
    formCodes.push(field.permissionCode);
    for (const column of field.columns ?? []) formCodes.push(column.permissionCode);
  }
  const model: CompiledModel = {
    id: str(descriptor.id) ?? '',
    fullName: str(texts.fullName) ?? '',
    enCode: str(descriptor.enCode) ?? '',
    form: { fields: walk.fields, layout: walk.layout, defaults, ...formSettings(formData) },
    list,
    detail: detailOf(formData),
    recordSchema: buildRecordSchema(walk.fields),
    permissionCodes: {
      button: unique([...list.buttons, ...list.rowButtons].map((b) => b.permissionCode)),
      column: unique(list.columns.map((c) => c.permissionCode)),
      form: unique(formCodes),
    },
    usePermission: {
      button: columnData.useBtnPermission === true,
      column: columnData.useColumnPermission === true,
      form: columnData.useFormPermission === true,
      data: columnData.useDataPermission === true,
    },
  };
  return { model, problems: ctx.problems };
}

function detailOf(formData: Record<string, unknown>): CompiledDetail {
  const settings = formSettings(formData);
  const printId = Array.isArray(formData.printId)
    ? formData.printId.filter((x): x is string => typeof x === 'string' && x !== '')
    : typeof formData.printId === 'string' && formData.printId ? formData.printId.split(',') : [];
  return {
    popupType: settings.popupType,
    generalWidth: str(formData.generalWidth) ?? '600px',
    fullScreenWidth: str(formData.fullScreenWidth) ?? '100%',
    drawerWidth: str(formData.drawerWidth) ?? '600px',
    hasPrintBtn: formData.hasPrintBtn === true,
    printId,
    printButtonText: str(formData.printButtonText) ?? '',
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
