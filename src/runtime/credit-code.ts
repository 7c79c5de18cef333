/**
 * The unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters from
 * 0-9 and the capital letters without I, O, S, V, Z; the last is a check character over the
 * first 17. One pure function shared by the certification form (live check) and the server.
 */
export const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** The check character of the first 17 characters, or null when one of them is outside the charset. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_CHARS.indexOf(first17[i]!);
    if (value < 0) return null;
    sum += value * WEIGHTS[i]!;
  }
  const check = 31 - (sum % 31);
  return CREDIT_CODE_CHARS[check === 31 ? 0 : check]!;
}

/** Why a code is not valid ('length', 'charset', 'check'), or null when it is. Upper-case it first: codes are written in capitals. */
export function creditCodeProblem(code: string): 'length' | 'charset' | 'check' | null {
  if (code.length !== 18) return 'length';
  if ([...code].some((c) => !CREDIT_CODE_CHARS.includes(c))) return 'charset';
  return creditCodeCheckChar(code.slice(0, 17)) === code[17] ? null : 'check';
}

export const validCreditCode = (code: string): boolean => creditCodeProblem(code) === null;

/** A typed code as stored: trimmed, spaces removed, capitals. */
export const normaliseCreditCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();
