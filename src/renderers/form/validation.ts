import type { ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';
import type { FieldError } from '../../runtime/model/compiled';

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

/** Errors by top-level field key (a sub-table error `table.0.col` belongs to `table`). */
export function errorsByKey(errors: FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const key = e.field.split('.')[0]!;
    if (!(key in out)) out[key] = e.message;
  }
  return out;
}
