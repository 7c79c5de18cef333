import type { Db } from '../../db';
import { DEFAULT_PASSWORD_POLICY, PASSWORD_POLICY_KEYS } from '../../../src/runtime/password-policy';

/**
 * System configuration lives in base_sys_config as key/value text (so adding a key needs no
 * migration). This is the one typed reader: every key has a kind and a default, so callers
 * never parse text themselves and a missing or garbled row falls back to a sane value.
 */
const TEXT = {
  sysName: '供应链服务平台',
  sysVersion: 'v1.0.0',
  logoIcon: '',
  navigationIcon: '',
  title: '供应链服务平台',
  layoutType: 'functional',
  themeClass: 'blue',
  slideClass: 'dark',
  copyright: '',
  errorLog: 'production',
  /**
   * Where HTTP data interfaces may call: hosts, host:port or http(s):// address prefixes, one per
   * line (server/modules/data-interface/upstream-policy.ts). Empty: no HTTP interface calls out.
   */
  dataInterfaceAllowedAddresses: '',
  /**
   * The location field's map tiles: an in-site path template with {z}, {x}, {y}
   * (src/runtime/map-tiles.ts); empty: no map, the field takes typed coordinates only.
   */
  mapTileUrl: '',
  /**
   * The two workplace-messaging services (spec 7.16): where their API answers and the ids that
   * are not secret. Their secrets are kept outside this type (SECRET_KEYS below).
   */
  dingSynUrl: 'https://oapi.dingtalk.com',
  dingSynAppKey: '',
  dingAgentId: '',
  qyhUrl: 'https://qyapi.weixin.qq.com',
  qyhCorpId: '',
  qyhAgentId: '',
} as const;

/** Numeric settings; flags are 0/1 like every other flag in the product. */
const NUMBER = {
  tagsView: 1,
  showLanguage: 1,
  showSearch: 1,
  enableVerificationCode: 0,
  verificationCodeNumber: 4,
  lockFailures: 5,
  lockMinutes: 10,
  singleLogin: 0,
  /** Sign-in methods offered beside account + password (GET /api/oauth/getLoginConfig); the routes refuse a method turned off. */
  enableSmsLogin: 1,
  enableScanLogin: 1,
  /** Passwords expire `updateCycle` days after they were set; users are reminded `updateInAdvance` days before (the product's keys). */
  passwordIsUpdatedRegularly: 0,
  updateCycle: 90,
  updateInAdvance: 7,
  /** Seconds one call to DingTalk or WeCom may take before it is given up (test connection, push). */
  synTimeoutSeconds: 10,
  /** Data interface call log: rows older than this many days are pruned (0 = keep forever). */
  dataInterfaceLogRetentionDays: 30,
  /** Days a customer has to repay credit an order used, from its first use (/debtHome's due dates). */
  creditTermDays: 30,
  ...DEFAULT_PASSWORD_POLICY,
} as const;

export type SysConfig = { -readonly [K in keyof typeof TEXT]: string } & { -readonly [K in keyof typeof NUMBER]: number };
export type SysConfigKey = keyof SysConfig;

export const SYS_CONFIG_DEFAULTS: SysConfig = { ...TEXT, ...NUMBER };

/**
 * The initial password of users made by staff (/api/permission/Users), kept only as its argon2id
 * hash under a key that is not part of SysConfig: parseSysConfig ignores it, so no reader of the
 * configuration (GET SysConfig, CurrentUser, data interfaces) can return it, whatever they send.
 */
const NEW_USER_PASSWORD_KEY = 'newUserPasswordHash';

/** The hash new users get, or null when none is set (they then get a random password nobody knows). */
export async function readNewUserPasswordHash(db: Db): Promise<string | null> {
  const row = await db.selectFrom('baseSysConfig').select('value').where('key', '=', NEW_USER_PASSWORD_KEY).executeTakeFirst();
  return row?.value ? row.value : null;
}

/** Sets (a hash) or clears (null) the initial password of new users. */
export async function writeNewUserPasswordHash(db: Db, hash: string | null): Promise<void> {
  await db.deleteFrom('baseSysConfig').where('key', '=', NEW_USER_PASSWORD_KEY).execute();
  if (hash) await db.insertInto('baseSysConfig').values({ key: NEW_USER_PASSWORD_KEY, value: hash }).execute();
}

/**
 * The services' secrets (DingTalk app secret, WeCom address-book and application secrets):
 * write-only. Like the initial password they are stored under keys parseSysConfig ignores, so no
 * reader of SysConfig can return them; only the outbound calls read them (readSecret).
 */
export const SECRET_KEYS = ['dingSynAppSecret', 'qyhCorpSecret', 'qyhAgentSecret'] as const;
export type SecretKey = (typeof SECRET_KEYS)[number];
const secretRow = (key: SecretKey) => `secret.${key}`;

export async function readSecret(db: Db, key: SecretKey): Promise<string | null> {
  const row = await db.selectFrom('baseSysConfig').select('value').where('key', '=', secretRow(key)).executeTakeFirst();
  return row?.value ? row.value : null;
}

/** Which secrets are set: what the configuration screen may know about them. */
export async function secretsSet(db: Db): Promise<Record<`${SecretKey}Set`, boolean>> {
  const rows = await db.selectFrom('baseSysConfig').select(['key', 'value']).where('key', 'in', SECRET_KEYS.map(secretRow)).execute();
  const set = new Set(rows.filter((r) => r.value).map((r) => r.key));
  return Object.fromEntries(SECRET_KEYS.map((k) => [`${k}Set`, set.has(secretRow(k))])) as Record<`${SecretKey}Set`, boolean>;
}

/** Sets (text) or clears (null) a secret. */
export async function writeSecret(db: Db, key: SecretKey, value: string | null): Promise<void> {
  await db.deleteFrom('baseSysConfig').where('key', '=', secretRow(key)).execute();
  if (value) await db.insertInto('baseSysConfig').values({ key: secretRow(key), value }).execute();
}

/** Keys the browser may read before and after sign-in: branding, layout and password policy. */
export const PUBLIC_CONFIG_KEYS = [
  'sysName',
  'sysVersion',
  'logoIcon',
  'navigationIcon',
  'title',
  'layoutType',
  'themeClass',
  'slideClass',
  'tagsView',
  'showLanguage',
  'showSearch',
  'copyright',
  'errorLog',
  'mapTileUrl',
  ...PASSWORD_POLICY_KEYS,
] as const satisfies readonly SysConfigKey[];

export type PublicSysConfig = Pick<SysConfig, (typeof PUBLIC_CONFIG_KEYS)[number]>;

/** Parses stored rows into a typed config; unknown keys are ignored, bad numbers fall back. */
export function parseSysConfig(rows: readonly { key: string; value: string }[]): SysConfig {
  const config: SysConfig = { ...SYS_CONFIG_DEFAULTS };
  const target = config as Record<string, string | number>;
  for (const { key, value } of rows) {
    if (key in TEXT) target[key] = value;
    else if (key in NUMBER) {
      const n = Number(value.trim());
      if (value.trim() !== '' && Number.isFinite(n)) target[key] = n;
    }
  }
  return config;
}

/** Stored text of each value, for seeding and for the future PUT SysConfig. */
export function serializeSysConfig(config: Partial<SysConfig>): { key: string; value: string }[] {
  return Object.entries(config).map(([key, value]) => ({ key, value: String(value) }));
}

export async function readSysConfig(db: Db): Promise<SysConfig> {
  return parseSysConfig(await db.selectFrom('baseSysConfig').select(['key', 'value']).execute());
}

export function publicSysConfig(config: SysConfig): PublicSysConfig {
  return Object.fromEntries(PUBLIC_CONFIG_KEYS.map((k) => [k, config[k]])) as PublicSysConfig;
}
