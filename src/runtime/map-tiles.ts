/**
 * Web-Mercator tile arithmetic for the location field's map (pure). A tile source is an in-site
 * path template with {z}, {x} and {y} (for instance a tile server behind the same proxy,
 * `/tiles/{z}/{x}/{y}.png`): the app's Content-Security-Policy loads images from its own origin
 * only, so an outside tile host would be blocked anyway; empty means no map.
 */
export const TILE_SIZE = 256;
export const MAX_ZOOM = 18;

/** Whether a configured tile template is usable ('' = none, also valid). */
export function isTileTemplate(template: string): boolean {
  if (template === '') return true;
  if (template.length > 300 || !template.startsWith('/') || template.startsWith('//')) return false;
  if (!/^[A-Za-z0-9/_.\-{}?=&]+$/.test(template)) return false;
  const holes: string[] = template.match(/\{[^}]*\}/g) ?? [];
  const wanted = ['{z}', '{x}', '{y}'];
  return wanted.every((h) => holes.includes(h)) && holes.every((h) => wanted.includes(h)) && !/[{}]/.test(template.replace(/\{[zxy]\}/g, ''));
}

export function tileUrl(template: string, z: number, x: number, y: number): string {
  const n = 2 ** z;
  const wrapped = ((x % n) + n) % n;
  return template.replace('{z}', String(z)).replace('{x}', String(wrapped)).replace('{y}', String(y));
}

/** World pixel of a place at a zoom (origin top-left, 256 px tiles). */
export function lngLatToPixel(lng: number, lat: number, z: number): { x: number; y: number } {
  const size = TILE_SIZE * 2 ** z;
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat));
  const s = Math.sin((clamped * Math.PI) / 180);
  return { x: ((lng + 180) / 360) * size, y: (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size };
}

/** The place of a world pixel at a zoom (inverse of lngLatToPixel), rounded to six decimals. */
export function pixelToLngLat(x: number, y: number, z: number): { lng: number; lat: number } {
  const size = TILE_SIZE * 2 ** z;
  const lng = (x / size) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * y) / size;
  const lat = (180 / Math.PI) * Math.atan(Math.sinh(n));
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return { lng: round(((lng + 540) % 360) - 180), lat: round(lat) };
}
