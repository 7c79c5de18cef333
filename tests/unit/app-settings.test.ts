import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseStored, readSettings, resolveSettings, SIZE_SCALE } from '../../src/app/settings/settings-core';
import { buildTheme, colourTuple, COLOUR_THEMES, paletteOf, THEME_BASE } from '../../src/app/theme';
import { isMobileWidth } from '../../src/app/shell/useDevice';

describe('settings', () => {
  it('defaults: functional layout, blue, medium size in the shell', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ layoutType: 'functional', themeColor: 'blue', size: 'medium', tagsView: true });
  });

  it('reads only valid values; flags accept 0/1', () => {
    expect(readSettings({ layoutType: 'weird', themeColor: 'pink', tagsView: 0, showSearch: '1', size: 'mini' })).toEqual({ tagsView: false, showSearch: true, size: 'mini' });
    expect(parseStored('{bad')).toEqual({});
  });

  it('system < local < server for layout, colour and side', () => {
    const s = resolveSettings({ layoutType: 'classic', themeClass: 'green', tagsView: 0 }, { layoutType: 'plain', themeColor: 'red', size: 'small' }, { layoutType: 'blend' });
    expect(s).toMatchObject({ layoutType: 'blend', themeColor: 'red', tagsView: false, size: 'small' });
  });

  it('mobile when body width minus 1 is under 992', () => {
    expect(isMobileWidth(992)).toBe(true);
    expect(isMobileWidth(993)).toBe(false);
    expect(isMobileWidth(375)).toBe(true);
  });
});

describe('theme', () => {
  it('eight colour themes, each a ten-shade tuple with its base at shade 6', () => {
    expect(COLOUR_THEMES).toEqual(['blue', 'purple', 'azure', 'ocean', 'green', 'yellow', 'orange', 'red']);
    for (const c of COLOUR_THEMES) {
      const tuple = colourTuple(THEME_BASE[c]);
      expect(tuple).toHaveLength(10);
      expect(tuple[6]).toBe(THEME_BASE[c]);
      for (const shade of tuple) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('applies the colour as primaryColor and the size as scale', () => {
    const theme = buildTheme('ocean', SIZE_SCALE.mini);
    expect(theme.primaryColor).toBe(paletteOf('ocean'));
    expect(theme.colors?.[paletteOf('ocean')]?.[6]).toBe(THEME_BASE.ocean);
    expect(theme.scale).toBe(SIZE_SCALE.mini);
  });
});
