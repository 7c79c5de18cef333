import type { CompiledField, RecordSchema } from '../model/compiled';
import { type JsonSchema, KIND_STEPS } from './kind-steps';
import { optionValues } from './props';

/**
 * The JSON Schema of one record, built from the storing fields. Custom keywords (the
 * validator registers them with ajv; other tools ignore them):
 * - `x-label`: the field's label, for generated messages;
 * - `x-required`: the value must not be empty (null, '', []) — `required` alone only checks presence;
 * - `x-pattern` {pattern, flags, shared?}: a regList rule, each in its own allOf entry with
 *   `x-message` (the descriptor's text, or zh-CN of a generated one) and, for generated ones,
 *   `x-message-key` + `x-message-params` so the user's language can be shown.
 * additionalProperties stay open: records also carry id, *_id companions of pickers and system columns.
 */
export function buildRecordSchema(fields: Record<string, CompiledField>): RecordSchema {
  return objectSchema(Object.values(fields));
}

/** A field counts as required for the record when the user can actually fill it. */
export function isRecordRequired(field: CompiledField): boolean {
  return field.required && field.stores && !field.system && field.visiblePc && !field.noShow;
}

function objectSchema(fields: CompiledField[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of fields) {
    if (!field.stores) continue;
    properties[field.key] = fieldSchema(field);
    if (isRecordRequired(field)) required.push(field.key);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: true };
}

function fieldSchema(field: CompiledField): JsonSchema {
  const schema: JsonSchema = { ...(KIND_STEPS[field.kind].value(field.props) ?? {}), 'x-label': field.label };
  if (field.system) return schema;
  if (field.kind === 'table') schema.items = objectSchema(field.columns ?? []);
  const options = field.options;
  if (options?.from === 'static' && options.options.length) {
    const values = optionValues(options.options);
    if ((field.kind === 'radio' || field.kind === 'select') && field.props.multiple !== true) schema.enum = [...values, '', null];
    if (field.kind === 'checkbox' || (field.kind === 'select' && field.props.multiple === true)) schema.items = { enum: values, 'x-label': field.label, 'x-item': true };
  }
  const maxlength = field.props.maxlength ?? field.props.maxLength;
  if (typeof maxlength === 'number' && maxlength > 0 && ['input', 'textarea', 'autoComplete'].includes(field.kind)) schema.maxLength = maxlength;
  if (field.kind === 'inputNumber' || field.kind === 'slider') {
    if (typeof field.props.min === 'number') schema.minimum = field.props.min;
    if (typeof field.props.max === 'number') schema.maximum = field.props.max;
  }
  if ((field.kind === 'uploadFile' || field.kind === 'uploadImg') && typeof field.props.limit === 'number' && field.props.limit > 0) schema.maxItems = field.props.limit;
  if (isRecordRequired(field)) schema['x-required'] = true;
  if (field.rules.length) {
    schema.allOf = field.rules.map((rule) => ({
      'x-pattern': { pattern: rule.pattern, flags: rule.flags, ...(rule.shared ? { shared: rule.shared } : {}) },
      'x-message': rule.message,
      ...(rule.messageKey ? { 'x-message-key': rule.messageKey, 'x-message-params': rule.messageParams ?? {} } : {}),
    }));
  }
  return schema;
}
