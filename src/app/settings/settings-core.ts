/**
 * The personal settings of the settings drawer (spec 2.6, 3 "Settings") as pure data:
 * defaults from the system configuration, what the server remembers for the user (layout,
 * colour theme, side), and what this browser remembers (switches, size).
 */
import { COLOUR_THEMES, type ColourTheme } from '../theme';

export const LAYOUTS = ['classic', 'functional', 'plain', 'blend'] as const;
export type Layout = (typeof LAYOUTS)[number];
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof SIZES)[number];
export const SIDES = ['dark', 'light'] as const;
export type Side = (typeof SIDES)[number];

export interface Settings {
  layoutType: Layout;
  themeColor: ColourTheme;
  slideClass: Side;
  tagsView: boolean;
  tagsIcon: boolean;
  useCache: boolean;
  showLanguage: boolean;
  showSearch: boolean;
  size: UiSize;
}

export const DEFAULT_SETTINGS: Settings = {
  layoutType: 'functional',
  themeColor: 'blue',
  slideClass: 'dark',
  tagsView: true,
  tagsIcon: true,
  useCache: true,
  showLanguage: true,
  showSearch: true,
  // The shell's default size is medium (spec 2.6).
  size: 'medium',
};

/** The part the server keeps per user (PUT SystemTheme). */
export const SERVER_KEYS = ['layoutType', 'themeColor', 'slideClass'] as const;

export const isLayout = (v: unknown): v is Layout => typeof v === 'string' && (LAYOUTS as readonly string[]).includes(v);
export const isColour = (v: unknown): v is ColourTheme => typeof v === 'string' && (COLOUR_THEMES as readonly string[]).includes(v);
export const isSize = (v: unknown): v is UiSize => typeof v === 'string' && (SIZES as readonly string[]).includes(v);
export const isSide = (v: unknown): v is Side => v === 'dark' || v === 'light';

function flag(v: unknown): boolean | undefined {
  if (v === true || v === 1 || v === '1') return true;
  if (v === false || v === 0 || v === '0') return false;
  return undefined;
}

/** Reads whatever shape a source holds, keeping only valid values. */
export function readSettings(source: Record<string, unknown> | null | undefined): Partial<Settings> {
  if (!source) return {};
  const out: Partial<Settings> = {};
  const layout = source.layoutType ?? source.theme;
  if (isLayout(layout)) out.layoutType = layout;
  const colour = source.themeColor ?? source.themeClass;
  if (isColour(colour)) out.themeColor = colour;
  if (isSide(source.slideClass)) out.slideClass = source.slideClass;
  if (isSize(source.size)) out.size = source.size;
  for (const key of ['tagsView', 'tagsIcon', 'useCache', 'showLanguage', 'showSearch'] as const) {
    const value = flag(source[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

export function parseStored(text: string | null): Partial<Settings> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? readSettings(parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Effective settings: defaults < system configuration < this browser < the user's server
 * record (layout, colour, side) — the server wins for what it keeps, so a choice follows the
 * user to another browser.
 */
export function resolveSettings(system: Record<string, unknown> | null | undefined, local: Partial<Settings>, server: Partial<Settings>): Settings {
  const fromSystem = readSettings(system);
  const merged: Settings = { ...DEFAULT_SETTINGS, ...fromSystem, ...local };
  for (const key of SERVER_KEYS) {
    const value = server[key];
    if (value !== undefined) (merged as unknown as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** Mantine scale of each size (medium is Mantine's natural size). */
export const SIZE_SCALE: Record<UiSize, number> = { default: 1.06, medium: 1, small: 0.94, mini: 0.88 };
/** Mantine component size of each size. */
export const SIZE_MANTINE: Record<UiSize, 'md' | 'sm' | 'xs'> = { default: 'md', medium: 'sm', small: 'sm', mini: 'xs' };
