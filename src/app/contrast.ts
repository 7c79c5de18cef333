/**
 * WCAG 2 colour arithmetic: relative luminance, contrast ratio, and the small colour mixes the
 * theme is built from. Pure, so the unit test computes contrast with the same functions the
 * theme uses to pick its shades.
 */

/** WCAG 2 AA for normal-size text (1.4.3). */
export const AA_TEXT = 4.5;

export type Rgba = [number, number, number, number];

/** Reads `#rgb`, `#rrggbb`, `rgb(r, g, b)` and `rgba(r, g, b, a)`. */
export function parseColour(css: string): Rgba {
  const text = css.trim().toLowerCase();
  if (text.startsWith('#')) {
    const hex = text.length === 4 ? [...text.slice(1)].map((c) => c + c).join('') : text.slice(1, 7);
    const n = parseInt(hex, 16);
    if (hex.length !== 6 || Number.isNaN(n)) throw new Error(`not a colour: ${css}`);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const match = /^rgba?\(([^)]+)\)$/.exec(text);
  if (!match) throw new Error(`not a colour: ${css}`);
  const parts = match[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
  if (parts.length < 3 || parts.some((p) => Number.isNaN(p))) throw new Error(`not a colour: ${css}`);
  return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
}

export function toHex([r, g, b]: Rgba | [number, number, number]): string {
  return '#' + [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');
}

/** A translucent colour laid over an opaque background, as the browser paints it. */
export function over(colour: string, background: string): string {
  const [r, g, b, a] = parseColour(colour);
  const [br, bg, bb] = parseColour(background);
  return toHex([r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)]);
}

/** Moves each channel `amount` (0–1) of the way towards `target` (0 black, 255 white). */
export function mix(colour: string, target: number, amount: number): string {
  const [r, g, b] = parseColour(colour);
  return toHex([r, g, b].map((c) => c + (target - c) * amount) as [number, number, number]);
}

export function luminance(colour: string): number {
  const [r, g, b] = parseColour(colour).map((c, i) => {
    if (i === 3) return c;
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of text on an opaque background; translucent text is laid over it first. */
export function contrast(text: string, background: string): number {
  const fg = parseColour(text)[3] < 1 ? over(text, background) : text;
  const a = luminance(fg);
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * The lightest darkening of `colour` (in 1 % steps towards black, which keeps its hue) that
 * reaches `ratio` against every colour in `against` — text on those backgrounds, or those
 * colours (white) as text on it. A colour that already passes is returned unchanged.
 */
export function darkenUntil(colour: string, against: readonly string[], ratio = AA_TEXT): string {
  for (let step = 0; step <= 100; step++) {
    const candidate = mix(colour, 0, step / 100);
    if (against.every((other) => contrast(candidate, other) >= ratio)) return candidate;
  }
  return '#000000';
}
