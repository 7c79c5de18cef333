import { Type } from 'typebox';

/**
 * The display preferences a user keeps on the server (settings drawer, spec 2.6). A leaf file:
 * the oauth CurrentUser reply embeds it, so it imports nothing from the modules.
 */
export const THEME_COLORS = ['blue', 'purple', 'azure', 'ocean', 'green', 'yellow', 'orange', 'red'] as const;
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export const SLIDE_CLASSES = ['dark', 'light'] as const;
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;

// Spelled out (not mapped from the arrays) so the wire types stay literal unions.
const L = Type.Literal;
const LayoutType = Type.Union([L('classic'), L('functional'), L('plain'), L('blend')]);
const ThemeColor = Type.Union([L('blue'), L('purple'), L('azure'), L('ocean'), L('green'), L('yellow'), L('orange'), L('red')]);
const SlideClass = Type.Union([L('dark'), L('light')]);
const Size = Type.Union([L('default'), L('medium'), L('small'), L('mini')]);
const Language = Type.Union([L('zh-CN'), L('zh-TW'), L('en')]);

export const Preferences = Type.Object({
  layoutType: LayoutType,
  themeColor: ThemeColor,
  slideClass: SlideClass,
  size: Size,
  language: Type.Union([Language, Type.Null()]),
});

export const SystemThemeBody = Type.Object({
  theme: Type.Optional(LayoutType),
  themeColor: Type.Optional(ThemeColor),
  slideClass: Type.Optional(SlideClass),
  size: Type.Optional(Size),
});

export const SystemLanguageBody = Type.Object({ language: Language });

