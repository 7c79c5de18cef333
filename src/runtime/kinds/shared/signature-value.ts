import type { JsonSchema } from './define';

/**
 * The stored value of the sign and signature kinds: the image itself as a data URL, PNG or JPEG,
 * at most 200 KB (the profile's signature images have the same limit). The record schema checks it
 * on both sides, so the server refuses anything else (another type, a script URL, an oversized
 * image) with the kind's message. The pattern also checks the image's first bytes (PNG's
 * signature "iVBORw0KGgo", JPEG's "/9j/" in base64), so a text renamed image/png is refused.
 */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
export const SIGNATURE_PATTERN = '^data:image/(?:png;base64,iVBORw0KGgo|jpeg;base64,/9j/)[A-Za-z0-9+/]*={0,2}$';
export const SIGNATURE_MAX_LENGTH = 'data:image/jpeg;base64,'.length + Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4;

const pattern = new RegExp(SIGNATURE_PATTERN);

/** Whether a value may be stored as a signature ('' and null: no signature, also allowed). */
export function isSignatureValue(value: unknown): boolean {
  if (value === null || value === '') return true;
  return typeof value === 'string' && value.length <= SIGNATURE_MAX_LENGTH && pattern.test(value);
}

/** The value's schema: null, '' or such an image (the empty string is allowed by the pattern). */
export const signatureSchema = (): JsonSchema => ({
  type: ['string', 'null'],
  maxLength: SIGNATURE_MAX_LENGTH,
  pattern: `^$|${SIGNATURE_PATTERN}`,
  'x-kind-message': 'codes.signInvalid',
});
