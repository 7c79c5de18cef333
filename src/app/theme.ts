import { createTheme, DEFAULT_THEME, Drawer, Menu, Modal, Pagination, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { darkenUntil, luminance, mix } from './contrast';

/**
 * The Mantine theme. Spec 2.6 names eight colour themes (blue default, purple, azure, ocean,
 * green, yellow, orange, red); each is a ten-shade tuple registered under its own name and
 * chosen as primaryColor. The UI size maps to Mantine's scale.
 *
 * Text stays readable (WCAG 2 AA, 4.5:1) in every theme: the filled shade (6) of each palette
 * is its base colour darkened just enough for white text on it, and for it as text (links,
 * outline buttons) on the white and grey page backgrounds; shades 7–9 are darker still, so
 * hover fills and the light variants' text (shade 9) pass too. The spec's base colours stay
 * as they are for the tints (shades 0–5) and the swatches of the settings drawer.
 */
export const COLOUR_THEMES = ['blue', 'purple', 'azure', 'ocean', 'green', 'yellow', 'orange', 'red'] as const;
export type ColourTheme = (typeof COLOUR_THEMES)[number];

/** The spec's base colour of each colour theme (the swatches; shades 0–5 are its tints). */
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

const WHITE = '#ffffff';
/** The shell's page background (Mantine gray 0), under lists, forms and cards' surroundings. */
const PAGE = DEFAULT_THEME.colors.gray[0];
/** Backgrounds filled colours are read on as text (links, outline and subtle buttons, `c=`). */
const SURFACES = [WHITE, PAGE];

/** Shades 7–9: the filled shade darkened a further 12 %, 24 %, 36 %. */
const DARKER = [0.12, 0.24, 0.36];

/** Shades 6–9 from a colour: the accessible filled shade and three darker ones. */
function filledAndDarker(colour: string): string[] {
  const filled = darkenUntil(colour, SURFACES);
  return [filled, ...DARKER.map((a) => mix(filled, 0, a))];
}

/** Ten shades around a base colour: 0–5 its tints, 6 the filled shade that passes AA, 7–9 darker. */
export function colourTuple(base: string): MantineColorsTuple {
  const light = [0.92, 0.82, 0.66, 0.5, 0.34, 0.17].map((a) => mix(base, 255, a));
  return [...light, ...filledAndDarker(base)] as unknown as MantineColorsTuple;
}

/**
 * Mantine's own palettes (red for delete buttons and errors, green badges, yellow and orange
 * alerts …) with the same rule: their tints stay, shade 6 is darkened until it passes, and
 * each of 7–9 is the darker of Mantine's and ours.
 */
function accessibleMantinePalette(tuple: readonly string[]): MantineColorsTuple {
  const ours = filledAndDarker(tuple[6]!);
  const darker = (i: number) => (luminance(tuple[i]!) < luminance(ours[i - 6]!) ? tuple[i]! : ours[i - 6]!);
  return [...tuple.slice(0, 6), ours[0], darker(7), darker(8), darker(9)] as unknown as MantineColorsTuple;
}

/** Palette name of a colour theme (prefixed so Mantine's own palettes stay distinct). */
export const paletteOf = (colour: ColourTheme): string => `scp-${colour}`;

/** Mantine's palettes that carry text or white text on fills (dark is Mantine's dark scheme, unused). */
export const MANTINE_COLOURS = Object.keys(DEFAULT_THEME.colors).filter((c) => c !== 'dark' && c !== 'gray');

const gray = [...DEFAULT_THEME.colors.gray] as string[];
// gray 6 is the dimmed text (labels, hints, divider captions) and now the placeholder: darkened until it reads on white, the page and a hovered row
gray[6] = darkenUntil(gray[6]!, [WHITE, PAGE, gray[1]!]);

const palettes: Record<string, MantineColorsTuple> = {
  ...Object.fromEntries(MANTINE_COLOURS.map((c) => [c, accessibleMantinePalette(DEFAULT_THEME.colors[c]!)])),
  gray: gray as unknown as MantineColorsTuple,
  ...Object.fromEntries(COLOUR_THEMES.map((c) => [paletteOf(c), colourTuple(THEME_BASE[c])])),
};

/** Side-menu styles (settings drawer, spec 2.6): the colours each one paints, as CSS values. */
export const SIDE_MENU = {
  dark: {
    bg: '#001529',
    fg: 'rgba(255, 255, 255, 0.72)',
    hover: 'rgba(255, 255, 255, 0.08)',
    activeFg: 'var(--mantine-color-white)',
    activeBg: 'var(--mantine-primary-color-filled)',
    logo: 'var(--mantine-color-white)',
  },
  light: {
    bg: 'var(--mantine-color-white)',
    fg: 'var(--mantine-color-gray-8)',
    hover: 'var(--mantine-color-gray-1)',
    activeFg: 'var(--mantine-primary-color-light-color)',
    activeBg: 'var(--mantine-primary-color-light)',
    logo: 'var(--mantine-primary-color-filled)',
  },
} as const;
export type SideStyle = keyof typeof SIDE_MENU;

/** `--scp-side-dark-active-fg` for SIDE_MENU.dark.activeFg. */
const sideVariable = (side: string, part: string) => `--scp-side-${side}-${part.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * Our CSS variables on top of Mantine's: the placeholder reads like dimmed text (Mantine's
 * gray 5 is 2.1:1 on white), and each side-menu style's colours as `--scp-side-<style>-<part>`
 * (shell.module.css reads them).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: Object.fromEntries(Object.entries(SIDE_MENU).flatMap(([side, parts]) => Object.entries(parts).map(([part, value]) => [sideVariable(side, part), value]))),
  light: { '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {},
});

/** One text colour on one background the theme paints; `under` is what a translucent background lies on. */
export interface TextPair {
  what: string;
  text: string;
  background: string;
  under?: string;
}

const v = (name: string) => `var(--${name})`;

/** Every text/background pair the theme and the side-menu style define; each must reach 4.5:1 (AA_TEXT). */
export function textPairs(side: SideStyle): TextPair[] {
  const s = (part: keyof (typeof SIDE_MENU)['dark']) => `var(${sideVariable(side, part)})`;
  const pairs: TextPair[] = [
    { what: 'primary filled (buttons, active tab, pager, checked controls)', text: v('mantine-color-white'), background: v('mantine-primary-color-filled') },
    { what: 'primary filled, hovered', text: v('mantine-color-white'), background: v('mantine-primary-color-filled-hover') },
    { what: 'links on cards and drawers', text: v('mantine-color-anchor'), background: v('mantine-color-body') },
    { what: 'links on the page background', text: v('mantine-color-anchor'), background: v('mantine-color-gray-0') },
    { what: 'light variant (active top-menu item, light badges)', text: v('mantine-primary-color-light-color'), background: v('mantine-primary-color-light') },
    { what: 'light variant, hovered', text: v('mantine-primary-color-light-color'), background: v('mantine-primary-color-light-hover') },
    { what: 'subtle and outline buttons', text: v('mantine-primary-color-filled'), background: v('mantine-color-body') },
    { what: 'dimmed text on cards', text: v('mantine-color-dimmed'), background: v('mantine-color-body') },
    { what: 'dimmed text on the page', text: v('mantine-color-dimmed'), background: v('mantine-color-gray-0') },
    { what: 'placeholders', text: v('mantine-color-placeholder'), background: v('mantine-color-body') },
    { what: 'field errors', text: v('mantine-color-error'), background: v('mantine-color-body') },
    { what: 'tab strip labels', text: v('mantine-color-gray-7'), background: v('mantine-color-body') },
    { what: `${side} side menu`, text: s('fg'), background: s('bg') },
    { what: `${side} side menu, hovered`, text: s('fg'), background: s('hover'), under: s('bg') },
    { what: `${side} side menu, active item`, text: s('activeFg'), background: s('activeBg'), under: s('bg') },
    { what: `${side} side menu, logo`, text: s('logo'), background: s('bg') },
  ];
  for (const c of [...MANTINE_COLOURS, 'gray']) {
    pairs.push(
      { what: `${c} filled (badges, buttons)`, text: v('mantine-color-white'), background: v(`mantine-color-${c}-filled`) },
      { what: `${c} text`, text: v(`mantine-color-${c}-text`), background: v('mantine-color-body') },
      { what: `${c} light (alerts, light badges)`, text: v(`mantine-color-${c}-light-color`), background: v(`mantine-color-${c}-light`) },
    );
  }
  return pairs;
}

/** Texts the theme gives components by default (names of icon-only buttons), in the user's language. */
export interface ThemeLabels {
  close: string;
  previousPage: string;
  nextPage: string;
  firstPage: string;
  lastPage: string;
}

export function buildTheme(colour: ColourTheme = 'blue', scale = 1, labels?: ThemeLabels): MantineThemeOverride {
  const closeButtonProps = labels ? { 'aria-label': labels.close } : undefined;
  const pagerNames: Partial<Record<string, string>> = labels ? { previous: labels.previousPage, next: labels.nextPage, first: labels.firstPage, last: labels.lastPage } : {};
  const getControlProps = labels ? (control: string) => ({ 'aria-label': pagerNames[control] }) : undefined;
  return createTheme({
    colors: palettes,
    primaryColor: paletteOf(colour),
    primaryShade: 6,
    scale,
    fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
    defaultRadius: 'sm',
    components: {
      // every dialog's and drawer's × has a name (a caller's own closeButtonProps replace these)
      Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
      // every pager's arrow buttons have a name too (the list pager passes its own)
      Pagination: Pagination.extend({ defaultProps: { getControlProps } }),
      // an opened menu focuses its first item, not an invisible placeholder (issue 19 item 3)
      Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    },
  });
}

export const theme = buildTheme('blue');
