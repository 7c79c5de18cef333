import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

/**
 * The Mantine theme. Spec 2.6 names eight colour themes (blue default, purple, azure, ocean,
 * green, yellow, orange, red); each is a custom ten-shade tuple registered under its own name
 * and chosen as primaryColor. The UI size maps to Mantine's scale.
 */
export const COLOUR_THEMES = ['blue', 'purple', 'azure', 'ocean', 'green', 'yellow', 'orange', 'red'] as const;
export type ColourTheme = (typeof COLOUR_THEMES)[number];

/** The base (shade 6) of each colour theme. */
export const THEME_BASE: Record<ColourTheme, string> = {
  blue: '#1890ff',
  purple: '#722ed1',
  azure: '#0ea5e9',
  ocean: '#0e7490',
  green: '#389e0d',
  yellow: '#d48806',
  orange: '#fa8c16',
  red: '#f5222d',
};

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(hex: string, target: number, amount: number): string {
  const rgb = hexToRgb(hex).map((c) => Math.round(c + (target - c) * amount));
  return '#' + rgb.map((c) => c.toString(16).padStart(2, '0')).join('');
}

/** Ten shades around a base colour: 0–5 lighter, 6 the base, 7–9 darker. */
export function colourTuple(base: string): MantineColorsTuple {
  const light = [0.92, 0.82, 0.66, 0.5, 0.34, 0.17].map((a) => mix(base, 255, a));
  const dark = [0.14, 0.28, 0.42].map((a) => mix(base, 0, a));
  return [...light, base, ...dark] as unknown as MantineColorsTuple;
}

/** Palette name of a colour theme (prefixed so Mantine's own palettes stay untouched). */
export const paletteOf = (colour: ColourTheme): string => `scp-${colour}`;

const palettes = Object.fromEntries(COLOUR_THEMES.map((c) => [paletteOf(c), colourTuple(THEME_BASE[c])]));

export function buildTheme(colour: ColourTheme = 'blue', scale = 1): MantineThemeOverride {
  return createTheme({
    colors: palettes,
    primaryColor: paletteOf(colour),
    primaryShade: 6,
    // text on filled colours is dark where white would fall below WCAG AA's 4.5:1 (white on the spec's #1890ff is 3.2:1)
    autoContrast: true,
    luminanceThreshold: 0.18,
    scale,
    fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
    defaultRadius: 'sm',
  });
}

export const theme = buildTheme('blue');
