import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { DEFAULT_LOCALE, type Locale, type MessageKey, translate } from '../i18n';
import type { CompiledField, CompiledModel, CompiledRule, FieldError, RecordSchema, RecordValidator } from '../model/compiled';
import { isSharedPatternName, matchesShared } from './patterns';

/**
 * Record validation, one implementation for the browser form and the server: both call
 * validateRecord (or a RecordValidator from createRecordValidator) with the compiled
 * model, so the same record gives the same messages. ajv checks the model's recordSchema
 * with the custom keywords the compiler writes (x-required, x-pattern + x-message).
 */
export interface ValidateOptions {
  mode?: 'create' | 'update';
  locale?: Locale;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * The longest text a pattern is tested against: a pattern's running time grows with its
 * input, and short-link input is anyone's. Longer text fails the rule with its own message.
 */
export const PATTERN_INPUT_MAX = 10_000;

const tooLongForPatterns = (value: unknown) => typeof value === 'string' && value.length > PATTERN_INPUT_MAX;

/** Whether a non-empty value passes one rule (the value is tested as text; empty values pass: required says the rest). */
export function passesRule(rule: Pick<CompiledRule, 'pattern' | 'flags' | 'shared'>, value: unknown): boolean {
  if (isEmpty(value)) return true;
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  if (text === null) return true;
  if (text.length > PATTERN_INPUT_MAX) return false;
  if (rule.shared && isSharedPatternName(rule.shared)) return matchesShared(rule.shared, text);
  return new RegExp(rule.pattern, rule.flags).test(text);
}

function makeAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-required', schemaType: 'boolean', validate: (schema: boolean, data: unknown) => !schema || !isEmpty(data) });
  ajv.addKeyword({
    keyword: 'x-pattern',
    schemaType: 'object',
    validate: (schema: { pattern: string; flags?: string; shared?: string }, data: unknown) => {
      try {
        return passesRule({ pattern: schema.pattern, flags: schema.flags ?? '', shared: schema.shared }, data);
      } catch {
        return true; // an invalid pattern is a compile problem, not the user's fault
      }
    },
  });
  for (const keyword of ['x-label', 'x-item', 'x-message', 'x-message-key', 'x-message-params', 'x-kind-message', 'x-kind-part']) ajv.addKeyword({ keyword });
  return ajv;
}

let shared: Ajv | null = null;
const compiled = new WeakMap<RecordSchema, ValidateFunction>();

/**
 * The one Ajv of a process (and of the browser): records, descriptor meta-schemas and rjsf's
 * validator compile on it, so the browser carries one Ajv class and one meta-schema.
 */
export function sharedAjv(): Ajv {
  return (shared ??= makeAjv());
}

function validatorFor(schema: RecordSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = sharedAjv().compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** The text of a rule's message in a language: the descriptor's own text verbatim, or the generated key translated. */
export function ruleMessage(rule: Pick<CompiledRule, 'message' | 'messageKey' | 'messageParams'>, locale: Locale = DEFAULT_LOCALE): string {
  return rule.messageKey ? translate(locale, rule.messageKey as MessageKey, rule.messageParams) : rule.message;
}

/** '{label}不能为空' in the user's language. */
export function requiredMessage(field: Pick<CompiledField, 'label'>, locale: Locale = DEFAULT_LOCALE): string {
  return translate(locale, 'validation.required', { label: field.label });
}

function pathOf(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  return parts.join('.');
}

function messageOf(error: ErrorObject, locale: Locale): { field: string; message: string } {
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  const label = typeof parent['x-label'] === 'string' ? parent['x-label'] : '';
  // a kind's own value rule (signature image, location range): one message of the kind, on the field
  // itself even when a part of the value failed (x-kind-part: the schema of a property of the value)
  const kindMessage = parent['x-kind-message'];
  if (typeof kindMessage === 'string' && error.keyword !== 'required' && error.keyword !== 'x-required') {
    const field = pathOf(error.instancePath);
    return { field: parent['x-kind-part'] === true ? field.replace(/\.[^.]*$/, '') : field, message: translate(locale, kindMessage as MessageKey, { label }) };
  }
  switch (error.keyword) {
    case 'required': {
      const missing = String(error.params.missingProperty);
      const properties = (parent.properties ?? {}) as Record<string, Record<string, unknown>>;
      const missingLabel = typeof properties[missing]?.['x-label'] === 'string' ? (properties[missing]!['x-label'] as string) : missing;
      return { field: pathOf(error.instancePath, missing), message: translate(locale, 'validation.required', { label: missingLabel }) };
    }
    case 'x-required':
      return { field: pathOf(error.instancePath), message: translate(locale, 'validation.required', { label }) };
    case 'x-pattern': {
      if (tooLongForPatterns(error.data)) {
        return { field: pathOf(error.instancePath), message: translate(locale, 'validation.patternInputTooLong', { max: PATTERN_INPUT_MAX }) };
      }
      const key = parent['x-message-key'];
      const message = typeof key === 'string'
        ? translate(locale, key as MessageKey, parent['x-message-params'] as Record<string, string | number>)
        : String(parent['x-message'] ?? '');
      return { field: pathOf(error.instancePath), message };
    }
    case 'enum':
      return { field: pathOf(error.instancePath), message: translate(locale, 'validation.enum', { label: label }) };
    case 'maxLength':
      return { field: pathOf(error.instancePath), message: translate(locale, 'validation.maxLength', { label, max: Number(error.params.limit) }) };
    case 'minimum':
      return { field: pathOf(error.instancePath), message: translate(locale, 'validation.minimum', { label, min: Number(error.params.limit) }) };
    case 'maximum':
      return { field: pathOf(error.instancePath), message: translate(locale, 'validation.maximum', { label, max: Number(error.params.limit) }) };
    case 'maxItems':
      return { field: pathOf(error.instancePath), message: translate(locale, 'validation.maxItems', { label, max: Number(error.params.limit) }) };
    default:
      return { field: pathOf(error.instancePath), message: translate(locale, 'validation.type', { label: label }) };
  }
}

/**
 * THE validation function: the browser form and the server both call it. Errors come in
 * schema order, one message per field and message; in 'update' mode a missing key is
 * not an error (partial update), an emptied required one still is.
 */
export function validateRecord(model: CompiledModel, record: Record<string, unknown>, options: ValidateOptions = {}): FieldError[] {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const validate = validatorFor(model.recordSchema);
  if (validate(record)) return [];
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of validate.errors ?? []) {
    if (options.mode === 'update' && error.keyword === 'required') continue;
    if (error.keyword === 'allOf') continue;
    const item = messageOf(error, locale);
    // an option failing inside a multi-value field points at the index: report the field
    if ((error.parentSchema as Record<string, unknown> | undefined)?.['x-item'] === true) item.field = item.field.replace(/\.\d+$/, '');
    const id = `${item.field}\u0000${item.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(item);
  }
  return out;
}

/** A RecordValidator (compiled.ts) that answers in one language. */
export function createRecordValidator(options: { locale?: Locale } = {}): RecordValidator {
  return {
    validate: (model, record, mode) => validateRecord(model, record, { mode, locale: options.locale }),
  };
}
