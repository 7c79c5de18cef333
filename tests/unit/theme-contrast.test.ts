import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { AA_TEXT, contrast, darkenUntil, mix, over, parseColour } from '../../src/app/contrast';
import { buildTheme, COLOUR_THEMES, cssVariablesResolver, paletteOf, SIDE_MENU, textPairs, THEME_BASE, type ColourTheme, type SideStyle } from '../../src/app/theme';

/**
 * Issue 19 item 1: every text/background pair the theme defines reaches WCAG AA (4.5:1) in
 * every colour theme and both side-menu styles. The CSS variables are the ones the browser
 * gets: Mantine's own resolver over the built theme, then ours, resolved through their var()
 * chains.
 */

function variablesOf(colour: ColourTheme): Record<string, string> {
  const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(colour));
  const mantine = defaultCssVariablesResolver(theme);
  const ours = cssVariablesResolver(theme);
  return { ...mantine.variables, ...mantine.light, ...ours.variables, ...ours.light };
}

function resolve(value: string, vars: Record<string, string>, depth = 0): string {
  const match = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (!match) return value;
  const next = vars[match[1]!];
  if (next === undefined) throw new Error(`undefined CSS variable ${match[1]}`);
  if (depth > 20) throw new Error(`var() cycle at ${match[1]}`);
  return resolve(next, vars, depth + 1);
}

const SIDES = Object.keys(SIDE_MENU) as SideStyle[];

describe('WCAG contrast arithmetic', () => {
  it('matches known ratios', () => {
    expect(contrast('#ffffff', '#1890ff')).toBeCloseTo(3.24, 2);
    expect(contrast('#ffffff', '#1168b8')).toBeCloseTo(5.68, 2);
    expect(contrast('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrast('#adb5bd', '#ffffff')).toBeCloseTo(2.07, 2);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // translucent text is painted over its background first
    expect(contrast('rgba(255, 255, 255, 0.72)', '#001529')).toBeCloseTo(contrast(over('rgba(255,255,255,0.72)', '#001529'), '#001529'), 5);
    expect(parseColour('#abc')).toEqual([170, 187, 204, 1]);
  });

  it('darkens just enough', () => {
    const shade = darkenUntil('#fa8c16', ['#ffffff']);
    expect(contrast('#ffffff', shade)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(darkenUntil('#722ed1', ['#ffffff'])).toBe('#722ed1');
  });
});

describe.each(COLOUR_THEMES)('colour theme %s', (colour) => {
  const vars = variablesOf(colour);

  it.each(SIDES)('every text/background pair reaches 4.5:1 with the %s side menu', (side) => {
    const failures = textPairs(side).flatMap((pair) => {
      const text = resolve(pair.text, vars);
      let background = resolve(pair.background, vars);
      if (parseColour(background)[3] < 1) background = over(background, resolve(pair.under ?? 'var(--mantine-color-body)', vars));
      const ratio = contrast(text, background);
      return ratio >= AA_TEXT ? [] : [`${pair.what}: ${text} on ${background} is ${ratio.toFixed(2)}:1`];
    });
    expect(failures).toEqual([]);
  });

  it('keeps the spec base recognisable: the filled shade is the base darkened by the smallest step that passes', () => {
    const base = THEME_BASE[colour];
    const filled = resolve(`var(--mantine-color-${paletteOf(colour)}-6)`, vars);
    expect(resolve('var(--mantine-primary-color-filled)', vars)).toBe(filled);
    const step = [...Array(101).keys()].find((i) => mix(base, 0, i / 100) === filled);
    expect(step, `${filled} is not a darkening of ${base}`).toBeDefined();
    // one step lighter would fail (or the base passes as it is)
    if (step! > 0) {
      const lighter = mix(base, 0, (step! - 1) / 100);
      expect(Math.min(contrast('#ffffff', lighter), contrast(lighter, DEFAULT_THEME.colors.gray[0]))).toBeLessThan(AA_TEXT);
    }
    // the tints (backgrounds) stay those of the spec's base
    expect(resolve(`var(--mantine-color-${paletteOf(colour)}-1)`, vars)).toBe(mix(base, 255, 0.82));
  });
});

it('the swatches of the settings drawer keep the spec base colours', () => {
  expect(THEME_BASE).toEqual({ blue: '#1890ff', purple: '#722ed1', azure: '#0ea5e9', ocean: '#0e7490', green: '#389e0d', yellow: '#d48806', orange: '#fa8c16', red: '#f5222d' });
});
