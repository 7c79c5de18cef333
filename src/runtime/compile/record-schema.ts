import type { CompiledField, RecordSchema } from '../model/compiled';
import { kindOf, type JsonSchema } from '../kinds';

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
  const definition = kindOf(field.kind);
  const schema: JsonSchema = { ...(definition.value(field.props) ?? {}), 'x-label': field.label };
  if (field.system) return schema;
  definition.constrain(schema, field, objectSchema);
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
