/**
 * What each system-configuration value may be (spec 3 "System config", 9): shared by the server,
 * which enforces it on PUT SysConfig, and anything in the browser that wants to say it early.
 * Pure: no I/O.
 */
export const LAYOUT_TYPES = ['classic', 'functional', 'plain', 'blend'] as const;
export const THEME_CLASSES = ['blue', 'purple', 'azure', 'ocean', 'green', 'yellow', 'orange', 'red'] as const;
export const SLIDE_CLASSES = ['dark', 'light'] as const;

/** 0/1 switches. */
export const FLAG_KEYS = [
  'tagsView', 'showLanguage', 'showSearch', 'enableVerificationCode', 'singleLogin', 'enableSmsLogin', 'enableScanLogin', 'passwordIsUpdatedRegularly',
  'passwordStrengthLimit', 'passwordLengthMin', 'containsNumbers', 'includeLowercaseLetters', 'includeUppercaseLetters', 'containsCharacters', 'mandatoryModificationOfInitialPassword',
] as const;

/** Whole numbers and their ranges. */
export const NUMBER_RANGES = {
  verificationCodeNumber: [3, 6],
  lockFailures: [0, 100],
  lockMinutes: [1, 1440],
  updateCycle: [1, 3650],
  updateInAdvance: [0, 365],
  passwordLengthMinNumber: [6, 16],
  synTimeoutSeconds: [1, 100],
  dataInterfaceLogRetentionDays: [0, 3650],
  creditTermDays: [1, 365],
} as const satisfies Record<string, readonly [number, number]>;

/** Texts and their longest length; sysName and title must not be empty. */
export const TEXT_LIMITS = {
  sysName: 50, sysVersion: 50, title: 100, copyright: 200, logoIcon: 500, navigationIcon: 500,
  dingSynAppKey: 200, dingAgentId: 50, qyhCorpId: 200, qyhAgentId: 50, dingSynUrl: 500, qyhUrl: 500,
} as const;

export type SysConfigProblem =
  | { key: 'sysConfig.required'; field: string }
  | { key: 'sysConfig.tooLong'; field: string; max: number }
  | { key: 'sysConfig.choice'; field: string; choices: string }
  | { key: 'sysConfig.flag'; field: string }
  | { key: 'sysConfig.range'; field: string; min: number; max: number }
  | { key: 'sysConfig.image'; field: string };

/**
 * The first problem of a set of changes, or null. Image addresses are the file service's own
 * paths (/api/file/…) or http(s) addresses: a shell draws them in <img>, never as script.
 */
export function sysConfigProblem(changes: Readonly<Record<string, unknown>>): SysConfigProblem | null {
  const has = (k: string) => changes[k] !== undefined;
  for (const field of ['sysName', 'title'] as const) if (has(field) && String(changes[field]).trim() === '') return { key: 'sysConfig.required', field };
  for (const [field, max] of Object.entries(TEXT_LIMITS)) if (has(field) && String(changes[field]).length > max) return { key: 'sysConfig.tooLong', field, max };
  const choices: [string, readonly string[]][] = [['layoutType', LAYOUT_TYPES], ['themeClass', THEME_CLASSES], ['slideClass', SLIDE_CLASSES]];
  for (const [field, list] of choices) if (has(field) && !list.includes(String(changes[field]))) return { key: 'sysConfig.choice', field, choices: list.join(', ') };
  for (const field of FLAG_KEYS) if (has(field) && changes[field] !== 0 && changes[field] !== 1) return { key: 'sysConfig.flag', field };
  for (const [field, [min, max]] of Object.entries(NUMBER_RANGES)) {
    const v = changes[field];
    if (has(field) && (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)) return { key: 'sysConfig.range', field, min, max };
  }
  for (const field of ['logoIcon', 'navigationIcon'] as const) {
    const v = has(field) ? String(changes[field]).trim() : '';
    if (v && !/^\/api\/file\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/.test(v) && !/^https?:\/\/[^\s"'<>]+$/i.test(v)) return { key: 'sysConfig.image', field };
  }
  return null;
}
