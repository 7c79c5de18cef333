import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/runtime/compile';
import { validateRecord } from '../../src/runtime/validation';
import { coordinatesValid, locationOf, locationText } from '../../src/runtime/kinds/shared/location-value';
import { isSignatureValue, SIGNATURE_MAX_BYTES } from '../../src/runtime/kinds/shared/signature-value';

const { model } = compileModel({
  id: 's', fullName: 'S', enCode: 's',
  formData: { fields: [
    { __config__: { jnpfKey: 'sign', label: '签名' }, __vModel__: 'sig' },
    { __config__: { jnpfKey: 'signature', label: '签章' }, __vModel__: 'seal' },
    { __config__: { jnpfKey: 'location', label: '定位' }, __vModel__: 'loc' },
  ] },
}, { file: 's.json' });

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';
/** A PNG data URL of about `bytes` bytes (the header, then filler). */
const bigPng = (bytes: number) => `data:image/png;base64,iVBORw0KGgo${'A'.repeat(Math.ceil((bytes * 4) / 3))}`;

describe('signature values (sign, signature)', () => {
  it('accepts a PNG or JPEG data URL and empty; refuses everything else', () => {
    for (const ok of [PNG, JPEG, '', null]) expect(isSignatureValue(ok)).toBe(true);
    const bad = [
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', // SVG can carry script
      'data:image/png;base64,SGVsbG8=', // says PNG, holds text
      'data:text/html;base64,PGI+', 'javascript:alert(1)', 'https://example.com/a.png', `${PNG}"onerror="x`, 42, {},
    ];
    for (const value of bad) expect(isSignatureValue(value)).toBe(false);
  });

  it('refuses an image over 200 KB', () => {
    expect(isSignatureValue(bigPng(SIGNATURE_MAX_BYTES - 100))).toBe(true);
    expect(isSignatureValue(bigPng(SIGNATURE_MAX_BYTES + 100))).toBe(false);
  });

  it('the record schema refuses it with the kind\'s message in the caller\'s language, on the field', () => {
    expect(validateRecord(model!, { sig: PNG, seal: JPEG })).toEqual([]);
    const errors = validateRecord(model!, { sig: 'data:image/png;base64,SGVsbG8=', seal: bigPng(SIGNATURE_MAX_BYTES * 2) }, { locale: 'en' });
    expect(errors.map((e) => e.field)).toEqual(['sig', 'seal']);
    expect(errors[0]!.message).toBe('签名 must be a PNG or JPEG image of at most 200 KB');
    expect(validateRecord(model!, { sig: 'javascript:x' })[0]!.message).toBe('签名须为不超过 200 KB 的 PNG 或 JPEG 图片');
  });
});

describe('location values', () => {
  it('checks the ranges: longitude −180…180, latitude −90…90', () => {
    expect(coordinatesValid(121.47, 31.23)).toBe(true);
    expect(coordinatesValid(-180, 90)).toBe(true);
    expect(coordinatesValid(null, null)).toBe(true);
    expect(coordinatesValid(180.01, 0)).toBe(false);
    expect(coordinatesValid(0, -90.5)).toBe(false);
  });

  it('the record schema accepts an address with coordinates or text, refuses out-of-range or extra keys, on the field', () => {
    expect(validateRecord(model!, { loc: { fullAddress: '上海市黄浦区', lng: 121.47, lat: 31.23 } })).toEqual([]);
    expect(validateRecord(model!, { loc: '上海市' })).toEqual([]);
    const errors = validateRecord(model!, { loc: { fullAddress: 'x', lng: 200, lat: 31 } }, { locale: 'en' });
    expect(errors).toEqual([{ field: 'loc', message: '定位: longitude must be between -180 and 180, latitude between -90 and 90' }]);
    expect(validateRecord(model!, { loc: { fullAddress: 'x', lat: -91 } }).map((e) => e.field)).toEqual(['loc']);
    expect(validateRecord(model!, { loc: { fullAddress: 'x', script: '<b>' } }).map((e) => e.field)).toEqual(['loc']);
  });

  it('reads the stored forms and formats for people', () => {
    expect(locationOf('{"fullAddress":"A","lng":"1.5","lat":2}')).toEqual({ fullAddress: 'A', lng: 1.5, lat: 2 });
    expect(locationOf('上海')).toEqual({ fullAddress: '上海', lng: null, lat: null });
    expect(locationText({ fullAddress: '上海', lng: 121.47, lat: 31.23 })).toBe('上海 (121.470000, 31.230000)');
    expect(locationText('')).toBe('');
  });
});
