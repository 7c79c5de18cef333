import type { ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { sharedAjv } from '../../runtime/validation/validator';

let validator: ValidatorType | null = null;

/**
 * rjsf's validator on the runtime's shared Ajv (draft-07, formats already added): rjsf would
 * otherwise build a second Ajv with its own options, and the Ajv 2020 class it was given for
 * 2020-12 schemas brought eight more meta-schemas into the browser. rjsf only ever sees our
 * empty root schema (validation is the runtime's), and the compiler writes no `$schema`.
 */
export function rjsfValidator(): ValidatorType {
  // `new AjvClass(options)` in rjsf returns the object the constructor returns: the shared one.
  const SharedAjv = function SharedAjv() {
    return sharedAjv();
  };
  validator ??= customizeValidator({ AjvClass: SharedAjv as never, ajvFormatOptions: false });
  return validator;
}
