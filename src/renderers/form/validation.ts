import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';
import type { CompiledModel, FieldError, RecordValidator } from '../../runtime/model/compiled';
import type { RendererT } from '../i18n';

const validators = new Map<string, ValidatorType>();

/** validator-ajv8 for the schema's dialect (the compiled recordSchema may declare draft 2020-12). */
export function rjsfValidatorFor(schema: Record<string, unknown>): ValidatorType {
  const dialect = String(schema.$schema ?? '').includes('2020') ? '2020' : '07';
  let v = validators.get(dialect);
  if (!v) {
    v = customizeValidator({ AjvClass: dialect === '2020' ? (Ajv2020 as never) : undefined, ajvOptionsOverrides: { strict: false } });
    validators.set(dialect, v);
  }
  return v;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * Stand-in until the shared validator (src/runtime/validation createRecordValidator) is passed in:
 * rjsf's ajv8 validator over the model's recordSchema, then each field's required flag and regList
 * rules with the descriptor's own messages.
 */
export function createBrowserValidator(t: RendererT): RecordValidator {
  return {
    validate(model: CompiledModel, record: Record<string, unknown>): FieldError[] {
      const errors: FieldError[] = [];
      const seen = new Set<string>();
      const push = (field: string, message: string) => {
        if (seen.has(field)) return;
        seen.add(field);
        errors.push({ field, message });
      };
      for (const field of Object.values(model.form.fields)) {
        if (!field.stores || field.system) continue;
        const value = record[field.key];
        if (field.required && isEmpty(value)) {
          push(field.key, t('renderers.required', { label: field.label }));
          continue;
        }
        if (isEmpty(value)) continue;
        for (const rule of field.rules) {
          let re: RegExp;
          try {
            re = new RegExp(rule.pattern, rule.flags);
          } catch {
            continue;
          }
          if (!re.test(String(value))) {
            push(field.key, rule.message);
            break;
          }
        }
      }
      if (model.recordSchema && Object.keys(model.recordSchema).length) {
        const schema = model.recordSchema as RJSFSchema;
        const result = rjsfValidatorFor(schema).validateFormData(record, schema);
        for (const e of result.errors) {
          const key = (e.property ?? '').replace(/^\./, '').split(/[.[]/)[0] ?? '';
          const field = model.form.fields[key];
          if (e.name === 'required') push(key, t('renderers.required', { label: field?.label ?? key }));
          else if (key) push(key, e.message ?? '');
        }
      }
      return errors;
    },
  };
}

/** Errors by top-level field key (a sub-table error `table.0.col` belongs to `table`). */
export function errorsByKey(errors: FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const key = e.field.split('.')[0]!;
    if (!(key in out)) out[key] = e.message;
  }
  return out;
}
