import { describe, expect, it } from 'vitest';
import { rjsfValidator } from '../../src/renderers/form/validation';
import { sharedAjv } from '../../src/runtime/validation/validator';
import { checkDescriptorShape, META_SCHEMAS } from '../../src/schemas';

/** One Ajv in the browser (issue 8, item 10): the form's rjsf validator and the descriptor checks run on the runtime's. */
describe('one Ajv', () => {
  it("hands rjsf's validator the runtime's shared instance", () => {
    const validator = rjsfValidator() as unknown as { ajv: unknown };
    expect(validator.ajv).toBe(sharedAjv());
    expect(rjsfValidator()).toBe(validator);
    // rjsf's formats and keyword were added to it, and ours are still there.
    expect(sharedAjv().formats.color).toBeDefined();
    expect(sharedAjv().getKeyword('x-required')).toBeTruthy();
    expect(rjsfValidator().isValid({ type: 'object', required: ['a'] }, {}, { type: 'object' })).toBe(false);
  });

  it('checks descriptors with meta-schemas compiled on the shared instance, each on first use', () => {
    const id = String(META_SCHEMAS.dictionary.$id);
    expect(checkDescriptorShape('dictionary', { nonsense: true }, 'x.json').length).toBeGreaterThan(0);
    expect(sharedAjv().getSchema(id)).toBeDefined();
  });
});
