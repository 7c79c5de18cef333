import type { JsonSchema } from './define';

/**
 * The stored value of the location kind (定位, v5): the address text and its coordinates,
 * { fullAddress, lng, lat } (longitude −180…180, latitude −90…90, WGS-84 degrees), as the
 * product's location widget stores them; a v5 record holding the same object as JSON text, or an
 * address alone as text, is read too. The record schema checks the ranges on both sides.
 */
export interface LocationValue {
  fullAddress: string;
  lng: number | null;
  lat: number | null;
}

export const ADDRESS_MAX = 500;

const finite = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** The value as an address with coordinates; null when empty. */
export function locationOf(value: unknown): LocationValue | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    if (value.trim().startsWith('{')) {
      try {
        return locationOf(JSON.parse(value) as unknown);
      } catch {
        /* an address that starts with a brace */
      }
    }
    return { fullAddress: value, lng: null, lat: null };
  }
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  const text = o.fullAddress ?? o.address ?? o.name ?? '';
  return { fullAddress: typeof text === 'string' ? text : '', lng: finite(o.lng ?? o.longitude), lat: finite(o.lat ?? o.latitude) };
}

/** Whether coordinates are within range (a missing one is no problem: the address alone is allowed). */
export function coordinatesValid(lng: number | null, lat: number | null): boolean {
  return (lng === null || (lng >= -180 && lng <= 180)) && (lat === null || (lat >= -90 && lat <= 90));
}

/** The address as people read it, with the coordinates when there are some. */
export function locationText(value: unknown): string {
  const v = locationOf(value);
  if (!v) return '';
  const coords = v.lng !== null && v.lat !== null ? `(${v.lng.toFixed(6)}, ${v.lat.toFixed(6)})` : '';
  return [v.fullAddress, coords].filter(Boolean).join(' ');
}

const part = (schema: JsonSchema): JsonSchema => ({ ...schema, 'x-kind-message': 'codes.locationInvalid', 'x-kind-part': true });

/** Address text, or the object with coordinates in range; nothing else in the object. */
export const locationSchema = (): JsonSchema => ({
  type: ['string', 'object', 'null'],
  maxLength: ADDRESS_MAX,
  properties: {
    fullAddress: part({ type: 'string', maxLength: ADDRESS_MAX }),
    lng: part({ type: ['number', 'null'], minimum: -180, maximum: 180 }),
    lat: part({ type: ['number', 'null'], minimum: -90, maximum: 90 }),
  },
  additionalProperties: false,
  'x-kind-message': 'codes.locationInvalid',
});
