import type { ErrorObject, ValidateFunction } from 'ajv';
import type { CompileProblem } from '../runtime/model/compiled';
import { translate, type Locale } from '../runtime/i18n';
import type { DescriptorKind } from './descriptors';
import modelSchema from './model.schema.json';
import dictionarySchema from './dictionary.schema.json';
import reportSchema from './report.schema.json';
import portalSchema from './portal.schema.json';
import menuSchema from './menu.schema.json';
import resourceSchema from './resource.schema.json';
import { missingTranslations } from '../runtime/i18n/texts';
import { sharedAjv } from '../runtime/validation/validator';

export * from './descriptors';

/** The JSON meta-schema of each descriptor kind (the same files editors read through "$schema"). */
export const META_SCHEMAS: Record<DescriptorKind, Record<string, unknown>> = {
  model: modelSchema,
  dictionary: dictionarySchema,
  report: reportSchema,
  portal: portalSchema,
  resource: resourceSchema,
};

export { menuSchema as MENU_SCHEMA };

const validators = new Map<DescriptorKind | 'menu', ValidateFunction>();

/** A kind's meta-schema compiled on first use, on the shared Ajv. */
function validatorOf(kind: DescriptorKind | 'menu'): ValidateFunction {
  let validate = validators.get(kind);
  if (!validate) {
    validate = sharedAjv().compile(kind === 'menu' ? menuSchema : META_SCHEMAS[kind]);
    validators.set(kind, validate);
  }
  return validate;
}

/** Converts an ajv instancePath (/formData/fields/3/__config__) to the dotted path problems use. */
export function jsonPointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/**
 * Checks a descriptor against its kind's meta-schema. Only the most specific error per
 * path is kept (if/then/oneOf produce several for one mistake).
 */
export function checkDescriptorShape(kind: DescriptorKind | 'menu', descriptor: unknown, file: string, locale: Locale = 'zh-CN'): CompileProblem[] {
  const validate = validatorOf(kind);
  if (validate(descriptor)) return [];
  const byPath = new Map<string, ErrorObject>();
  for (const error of validate.errors ?? []) {
    if (['if', 'oneOf', 'anyOf'].includes(error.keyword) && (validate.errors ?? []).some((e) => e !== error && e.instancePath.startsWith(error.instancePath))) continue;
    const key = error.keyword === 'additionalProperties' ? `${error.instancePath}/${String(error.params.additionalProperty)}` : error.instancePath;
    if (!byPath.has(key)) byPath.set(key, error);
  }
  return [...byPath.entries()].map(([key, error]) => {
    const detail = error.keyword === 'additionalProperties'
      ? translate(locale, 'compile.unknownTopKey', { key: String(error.params.additionalProperty) })
      : `${error.message ?? error.keyword}${error.keyword === 'enum' ? ` (${(error.params.allowedValues as unknown[]).join(', ')})` : ''}`;
    return {
      file,
      path: jsonPointerToPath(key) || '(root)',
      message: translate(locale, 'compile.metaSchema', { detail }),
      severity: 'error' as const,
      code: 'compile.metaSchema',
    };
  });
}

/**
 * schemas/menu.json: its meta-schema, and (unless `translations` is 'ignore') every title
 * without a zh-TW or en translation — a warning, or an error with 'error'.
 */
export function checkMenuFile(json: unknown, file: string, options: { locale?: Locale; translations?: 'ignore' | 'warn' | 'error' } = {}): CompileProblem[] {
  const locale = options.locale ?? 'zh-CN';
  const problems = checkDescriptorShape('menu', json, file, locale);
  if ((options.translations ?? 'warn') === 'ignore') return problems;
  for (const m of missingTranslations(json)) {
    problems.push({
      file,
      path: m.path,
      message: translate(locale, 'compile.missingTranslation', { text: m.text, locales: m.missing.join(', '), key: m.path.replace(/^.*\./, '') }),
      severity: options.translations === 'error' ? 'error' : 'warning',
      code: 'compile.missingTranslation',
    });
  }
  return problems;
}
