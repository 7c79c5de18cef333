import type { ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';

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
