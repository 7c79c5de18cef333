import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CREDIT_CODE_CHARS, creditCodeCheckChar, creditCodeProblem, normaliseCreditCode, validCreditCode } from '../../src/runtime/credit-code';

/** Real codes of registered companies (published on their licences). */
const REAL = ['91350100M000100Y43', '9144030071526726XG', '914403001922038216', '91330100799655058B', '91110000802100433B'];

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts real codes', () => {
    for (const code of REAL) expect(creditCodeProblem(code), code).toBeNull();
  });

  it('refuses every single-character change of a real code (the check digit catches it)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REAL), fc.integer({ min: 0, max: 17 }), fc.constantFrom(...CREDIT_CODE_CHARS), (code, at, char) => {
        fc.pre(code[at] !== char);
        const mutated = code.slice(0, at) + char + code.slice(at + 1);
        expect(validCreditCode(mutated)).toBe(false);
        expect(creditCodeProblem(mutated)).toBe('check');
      }),
    );
  });

  it('any 17 characters of the charset plus their check character is valid', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CREDIT_CODE_CHARS), { minLength: 17, maxLength: 17 }), (chars) => {
        const first = chars.join('');
        expect(validCreditCode(first + creditCodeCheckChar(first)!)).toBe(true);
      }),
    );
  });

  it('names the problem: length, charset (I O S V Z, lower case), check', () => {
    expect(creditCodeProblem('9135010')).toBe('length');
    expect(creditCodeProblem('91350100M000100Y4O')).toBe('charset');
    expect(creditCodeProblem('91350100m000100y43')).toBe('charset');
    expect(creditCodeProblem('91350100M000100Y44')).toBe('check');
    expect(normaliseCreditCode(' 91350100m000100y43 ')).toBe('91350100M000100Y43');
    expect(creditCodeCheckChar('12345')).toBeNull();
  });
});
