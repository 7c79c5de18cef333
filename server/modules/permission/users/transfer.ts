import type { AuditActor } from '../../../audit/record';
import type { KeptUploads } from '../../../files/kept-uploads';
import XLSX from '@e965/xlsx';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../../db';
import type { Database, UserRow } from '../../../db/schema';
import type { Principal } from '../../../auth/principal';
import { AppError, refuse } from '../../../http/errors';
import { catalogues, translate, type Locale, type MessageKey } from '../../../../src/runtime/i18n';
import { membershipsOf } from './read';
import type { ImportRowOut } from './schemas';
import { insertUser, sexEntries, validateUser, type UserInput } from './write';

/**
 * The user spreadsheet (export, template, import): one column per field, memberships as
 * comma-joined codes (organisation, position, role and group enCode; a name is accepted too),
 * the manager by account. Headers are written in the caller's language and read in any of the three.
 */
export const COLUMNS = [
  ['account', 'users.colAccount'],
  ['realName', 'users.colRealName'],
  ['gender', 'users.colGender'],
  ['mobilePhone', 'users.colMobile'],
  ['email', 'users.colEmail'],
  ['organizes', 'users.colOrganizes'],
  ['positions', 'users.colPositions'],
  ['roles', 'users.colRoles'],
  ['groups', 'users.colGroups'],
  ['manager', 'users.colManager'],
  ['userKind', 'users.colUserKind'],
  ['enabledMark', 'users.colEnabled'],
  ['description', 'users.colDescription'],
] as const satisfies readonly (readonly [string, MessageKey])[];

export type ColumnKey = (typeof COLUMNS)[number][0];
export type TextRow = Record<ColumnKey, string>;

export const MAX_IMPORT_ROWS = 1000;
export const MAX_UPLOAD_BYTES = 500 * 1024;
export const UPLOAD_LIFETIME_MS = 60 * 60 * 1000;
const LOCALES = Object.keys(catalogues) as Locale[];

/** A label in every language, for reading values back (启用 / 啟用 / Enabled → the same thing). */
const anyLanguage = (key: MessageKey) => new Set(LOCALES.map((l) => translate(l, key).toLowerCase()));

export function headerRow(locale: Locale) {
  return COLUMNS.map(([id, key]) => ({ id, fullName: translate(locale, key) }));
}

export const cellText = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v).trim());

export function textRow(raw: Partial<Record<string, unknown>>): TextRow {
  return Object.fromEntries(COLUMNS.map(([id]) => [id, cellText(raw[id])])) as TextRow;
}

/** Users as spreadsheet rows. */
export async function exportRows(db: Db, users: readonly UserRow[], locale: Locale): Promise<TextRow[]> {
  const members = await membershipsOf(db, users);
  const codes = async (table: 'baseOrganize' | 'basePosition' | 'baseRole' | 'baseGroup') =>
    new Map((await db.selectFrom(table).select(['id', 'enCode']).execute()).map((r) => [r.id, r.enCode]));
  const [orgs, positions, roles, groups] = [await codes('baseOrganize'), await codes('basePosition'), await codes('baseRole'), await codes('baseGroup')];
  const accounts = new Map((await db.selectFrom('baseUser').select(['id', 'account']).execute()).map((u) => [u.id, u.account]));
  const sexes = new Map((await sexEntries(db)).map((s) => [s.code, s.name]));
  const join = (ids: string[], map: Map<string, string>) => ids.map((id) => map.get(id)).filter(Boolean).join(',');
  return users.map((u) => {
    const m = members.get(u.id)!;
    return {
      account: u.account,
      realName: u.realName,
      gender: u.gender === null ? '' : (sexes.get(u.gender) ?? String(u.gender)),
      mobilePhone: u.mobile ?? '',
      email: u.email ?? '',
      organizes: join(m.organizeIds, orgs),
      positions: join(m.positionIds, positions),
      roles: join(m.roleIds, roles),
      groups: join(m.groupIds, groups),
      manager: u.managerId ? (accounts.get(u.managerId) ?? '') : '',
      userKind: translate(locale, u.userKind === 'customer' ? 'users.kindCustomer' : 'users.kindStaff'),
      enabledMark: translate(locale, u.enabledMark === 1 ? 'users.stateOn' : 'users.stateOff'),
      description: u.description ?? '',
    };
  });
}

export function sheetOf(rows: readonly TextRow[], locale: Locale, withErrors?: readonly string[]) {
  const header = headerRow(locale).map((h) => h.fullName);
  return {
    header: withErrors ? [...header, translate(locale, 'users.colErrors')] : header,
    rows: rows.map((r, i) => [...COLUMNS.map(([id]) => r[id]), ...(withErrors ? [withErrors[i] ?? ''] : [])]),
  };
}

/** The rows of an uploaded spreadsheet (kept for its uploader only), headers matched in any language. */
export function readUpload(uploads: KeptUploads, fileName: string, userId: string): TextRow[] {
  const bytes = uploads.read(fileName, { userId });
  if (!bytes) throw refuse('users.importFileExpired');
  return parseWorkbook(bytes);
}

export function parseWorkbook(bytes: Buffer): TextRow[] {
  let cells: unknown[][];
  try {
    const book = XLSX.read(bytes, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet) throw new Error('no sheet');
    cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: '', raw: false });
  } catch {
    throw refuse('users.importFileUnreadable');
  }
  const [header = [], ...body] = cells;
  const columnOf = new Map<number, ColumnKey>();
  header.forEach((label, i) => {
    const text = cellText(label).toLowerCase();
    const column = COLUMNS.find(([id, key]) => id.toLowerCase() === text || anyLanguage(key).has(text));
    if (column) columnOf.set(i, column[0]);
  });
  if (![...columnOf.values()].includes('account')) throw refuse('users.importFileUnreadable');
  const rows = body
    .map((cellsOfRow) => textRow(Object.fromEntries([...columnOf].map(([i, id]) => [id, cellsOfRow[i]]))))
    .filter((r) => COLUMNS.some(([id]) => r[id] !== ''));
  if (rows.length > MAX_IMPORT_ROWS) throw refuse('users.importTooManyRows');
  return rows;
}

type Trx = Kysely<Database>;

/** Ids of codes or names in a table; the first unknown one is refused with `missingKey`. */
async function resolve(
  db: Trx,
  table: 'baseOrganize' | 'basePosition' | 'baseRole' | 'baseGroup',
  text: string,
  missingKey: 'users.organizeNotFound' | 'users.positionNotFound' | 'users.roleNotFound' | 'users.groupNotFound',
  prefer: (row: { id: string; organizeId?: string }) => boolean = () => true,
): Promise<string[]> {
  const tokens = [...new Set(text.split(/[,，]/).map((t) => t.trim()).filter(Boolean))];
  const ids: string[] = [];
  for (const token of tokens) {
    let rows: { id: string; organizeId?: string }[] = await db.selectFrom(table).selectAll().where('enCode', '=', token).execute();
    if (rows.length === 0) rows = await db.selectFrom(table).selectAll().where('fullName', '=', token).execute();
    const chosen = rows.find(prefer) ?? rows[0];
    if (!chosen) throw refuse(missingKey, { id: token });
    ids.push(chosen.id);
  }
  return ids;
}

/** A spreadsheet row read into a user form (refused in the caller's language when a value is unknown). */
async function rowInput(db: Trx, row: TextRow): Promise<UserInput> {
  let gender: number | null = null;
  if (row.gender) {
    const sex = (await sexEntries(db)).find((s) => s.name === row.gender || String(s.code) === row.gender);
    if (!sex) throw refuse('users.genderInvalid');
    gender = sex.code;
  }
  const organizeIds = await resolve(db, 'baseOrganize', row.organizes, 'users.organizeNotFound');
  const positionIds = await resolve(db, 'basePosition', row.positions, 'users.positionNotFound', (p) => organizeIds.includes(p.organizeId ?? ''));
  let managerId: string | null = null;
  if (row.manager) {
    const manager = await db.selectFrom('baseUser').select('id').where('account', '=', row.manager).executeTakeFirst();
    if (!manager) throw refuse('users.managerNotFound');
    managerId = manager.id;
  }
  const kind = row.userKind.toLowerCase();
  const userKind = !kind || kind === 'staff' || anyLanguage('users.kindStaff').has(kind) ? 'staff' : kind === 'customer' || anyLanguage('users.kindCustomer').has(kind) ? 'customer' : kind;
  const state = row.enabledMark.toLowerCase();
  const enabledMark = !state || state === '1' || anyLanguage('users.stateOn').has(state) ? 1 : state === '0' || anyLanguage('users.stateOff').has(state) ? 0 : -1;
  return {
    account: row.account, realName: row.realName, gender, mobile: row.mobilePhone || null, email: row.email || null, headIcon: null, userKind,
    organizeIds, organizeId: organizeIds[0] ?? null, positionIds, positionId: positionIds[0] ?? null,
    roleIds: await resolve(db, 'baseRole', row.roles, 'users.roleNotFound'),
    groupIds: await resolve(db, 'baseGroup', row.groups, 'users.groupNotFound'),
    managerId, enabledMark, description: row.description || null,
  };
}

/**
 * Imports rows in one transaction: each row is checked as the user form is; a refused row is
 * reported with its reason and the valid rows are written (all of them or, on an unexpected
 * failure, none).
 */
export async function importRows(db: Db, rows: readonly TextRow[], caller: Principal, locale: Locale, passwordHash: string, actor: AuditActor) {
  const failResult: Static<typeof ImportRowOut>[] = [];
  let snum = 0;
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      try {
        const input = await rowInput(trx, row);
        await validateUser(trx, input, null, caller);
        await insertUser(trx, input, passwordHash, actor);
        snum += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failResult.push({ ...row, errorsInfo: translate(locale, error.key, error.params) });
      }
    }
  });
  return { resultType: failResult.length ? 1 : 0, snum, fnum: failResult.length, failResult };
}
