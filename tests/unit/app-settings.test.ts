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
  it('eight colour themes, each a ten-shade tuple: tints of the base, then its filled shade (the base where it passes AA) and darker ones', () => {
    expect(COLOUR_THEMES).toEqual(['blue', 'purple', 'azure', 'ocean', 'green', 'yellow', 'orange', 'red']);
    for (const c of COLOUR_THEMES) {
      const tuple = colourTuple(THEME_BASE[c]);
      expect(tuple).toHaveLength(10);
      for (const shade of tuple) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
      // lightest to darkest (tests/unit/theme-contrast.test.ts checks the contrast of each use)
      const lum = tuple.map((h) => parseInt(h.slice(1, 3), 16) * 0.2126 + parseInt(h.slice(3, 5), 16) * 0.7152 + parseInt(h.slice(5, 7), 16) * 0.0722);
      for (let i = 1; i < 10; i++) expect(lum[i]).toBeLessThan(lum[i - 1]!);
    }
    // purple and ocean pass as they are; the spec's blue (3.2:1 under white text) is darkened
    expect(colourTuple(THEME_BASE.purple)[6]).toBe(THEME_BASE.purple);
    expect(colourTuple(THEME_BASE.ocean)[6]).toBe(THEME_BASE.ocean);
    expect(colourTuple(THEME_BASE.blue)[6]).not.toBe(THEME_BASE.blue);
  });

  it('applies the colour as primaryColor and the size as scale', () => {
    const theme = buildTheme('ocean', SIZE_SCALE.mini);
    expect(theme.primaryColor).toBe(paletteOf('ocean'));
    expect(theme.colors?.[paletteOf('ocean')]).toEqual(colourTuple(THEME_BASE.ocean));
    expect(theme.scale).toBe(SIZE_SCALE.mini);
  });
});
