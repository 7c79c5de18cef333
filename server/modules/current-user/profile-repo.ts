import type { Db } from '../../db';
import type { UserProfileRow, UserRow } from '../../db/schema';
import type { SysConfig } from '../system/config-store';
import { LAYOUTS, layoutOf } from '../oauth/sign-in';
import { LANGUAGES, SIZES, SLIDE_CLASSES, THEME_COLORS } from './preferences-schema';

/** Layout, colour theme, side colour, size and language: what the settings drawer keeps on the server. */
export interface UserPreferences {
  layoutType: (typeof LAYOUTS)[number];
  themeColor: (typeof THEME_COLORS)[number];
  slideClass: (typeof SLIDE_CLASSES)[number];
  size: (typeof SIZES)[number];
  language: (typeof LANGUAGES)[number] | null;
}

type Stored = Partial<Pick<UserPreferences, 'themeColor' | 'slideClass' | 'size'>>;

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

function parseStored(text: string | null | undefined): Stored {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Stored) : {};
  } catch {
    return {};
  }
}

/** The user's choices over the system defaults; anything unknown in storage falls back. */
export function preferencesOf(user: UserRow, profile: Pick<UserProfileRow, 'preferences'> | undefined, config: SysConfig): UserPreferences {
  const stored = parseStored(profile?.preferences);
  return {
    layoutType: layoutOf(user, config),
    themeColor: pick(THEME_COLORS, stored.themeColor, pick(THEME_COLORS, config.themeClass, 'blue')),
    slideClass: pick(SLIDE_CLASSES, stored.slideClass, pick(SLIDE_CLASSES, config.slideClass, 'dark')),
    // The layout shell defaults to medium (spec 2.6) unless the user chose.
    size: pick(SIZES, stored.size, 'medium'),
    language: (LANGUAGES as readonly string[]).includes(user.language ?? '') ? (user.language as UserPreferences['language']) : null,
  };
}

export async function readProfile(db: Db, userId: string): Promise<UserProfileRow | undefined> {
  return db.selectFrom('baseUserProfile').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** Inserts or updates the profile row with the given fields. */
export async function saveProfile(db: Db, userId: string, fields: Partial<Omit<UserProfileRow, 'userId' | 'updatedAt'>>): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('baseUserProfile')
    .values({
      userId,
      birthday: null,
      landline: null,
      postalAddress: null,
      urgentContacts: null,
      urgentTelephone: null,
      signature: null,
      nation: null,
      nativePlace: null,
      certificatesType: null,
      certificatesNumber: null,
      education: null,
      telePhone: null,
      entryDate: null,
      preferences: null,
      ...fields,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ ...fields, updatedAt: now }))
    .execute();
}

/** Merges the stored (non-layout) preferences with a change. */
export async function savePreferences(db: Db, userId: string, change: Stored): Promise<void> {
  const current = parseStored((await readProfile(db, userId))?.preferences);
  const next: Stored = { ...current };
  for (const [key, value] of Object.entries(change)) if (value !== undefined) (next as Record<string, string>)[key] = value;
  await saveProfile(db, userId, { preferences: JSON.stringify(next) });
}
