import { createTheme, type MantineThemeOverride } from '@mantine/core';

/**
 * The Mantine theme. Spec 2.6 names eight colour themes (blue default, purple, azure, ocean,
 * green, yellow, orange, red); the settings issue maps each to a primary colour here.
 */
export const COLOUR_THEMES = ['blue', 'purple', 'azure', 'ocean', 'green', 'yellow', 'orange', 'red'] as const;
export type ColourTheme = (typeof COLOUR_THEMES)[number];

/** Mantine palette used for each colour theme (azure and ocean approximated until they get palettes). */
export const PRIMARY_COLOUR: Record<ColourTheme, string> = {
  blue: 'blue',
  purple: 'violet',
  azure: 'cyan',
  ocean: 'indigo',
  green: 'green',
  yellow: 'yellow',
  orange: 'orange',
  red: 'red',
};

export function buildTheme(colour: ColourTheme = 'blue'): MantineThemeOverride {
  return createTheme({
    primaryColor: PRIMARY_COLOUR[colour],
    fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
    defaultRadius: 'sm',
  });
}

export const theme = buildTheme('blue');
