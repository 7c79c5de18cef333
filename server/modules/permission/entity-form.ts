import { Type } from 'typebox';
import type { Db } from '../../db';
import type { MessageKey } from '../../../src/runtime/i18n';
import type { DbOrTrx } from '../dictionary/repository';
import { bumpAccessVersion } from '../../auth/access-version';
import { refuse } from '../../http/errors';
import { checkSort, CODE_PATTERN, FULL_NAME_PATTERN } from '../dictionary/validation';
import { audit, type AuditActor } from '../../audit/record';

const AUDITED = { baseOrganize: 'organize', basePosition: 'position', baseGroup: 'group' } as const;

/**
 * What organisations, positions and permission groups share: the name/code/sort/status form
 * rules of spec 5.1 and 9 (answered with the dictionary forms' messages, the same rules), the
 * paged query, and the reply of an enable/disable toggle.
 */
export interface NamedInput {
  fullName?: string | null;
  enCode?: string | null;
  sortCode?: number | null;
  enabledMark?: number | null;
  description?: string | null;
}

export const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';

/** The messages of a form's name and code rules (each entity words them for its own form). */
export interface NamedMessages {
  nameRequired: MessageKey;
  nameTooLong: MessageKey;
  codeRequired: MessageKey;
  codeTooLong: MessageKey;
  /** The name's pattern (spec 5.1), when the form applies it. */
  nameSpecial?: MessageKey;
}

const DICTIONARY_WORDING: NamedMessages = {
  nameRequired: 'dictionary.nameRequired',
  nameTooLong: 'dictionary.nameTooLong',
  codeRequired: 'dictionary.codeRequired',
  codeTooLong: 'dictionary.codeTooLong',
  nameSpecial: 'dictionary.nameSpecial',
};

/**
 * The name, code, sort and status rules every named entity's form shares (spec 5.1 and 9): name
 * and code required, 50 characters at most, the code pattern, sort 0–999999, status 1 or 0.
 */
export function validateNamed(input: NamedInput, messages: NamedMessages = DICTIONARY_WORDING) {
  if (blank(input.fullName)) throw refuse(messages.nameRequired);
  const fullName = input.fullName!.trim();
  if (fullName.length > 50) throw refuse(messages.nameTooLong);
  if (messages.nameSpecial && !FULL_NAME_PATTERN.test(fullName)) throw refuse(messages.nameSpecial);
  if (blank(input.enCode)) throw refuse(messages.codeRequired);
  const enCode = input.enCode!.trim();
  if (enCode.length > 50) throw refuse(messages.codeTooLong);
  if (!CODE_PATTERN.test(enCode)) throw refuse('dictionary.codePattern');
  const sortCode = checkSort(input.sortCode);
  const enabledMark = input.enabledMark ?? 1;
  if (enabledMark !== 0 && enabledMark !== 1) throw refuse('dictionary.statusInvalid');
  return { fullName, enCode, sortCode, enabledMark, description: blank(input.description) ? null : input.description! };
}

/** The body fields of NamedInput, typed loosely: the rules above answer with the spec's messages. */
export const NamedBodyFields = {
  fullName: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  enCode: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  sortCode: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  enabledMark: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
};

/** Entity fields every reply of these three carries (JNPF names; creatorTime in ms). */
export const NamedViewFields = {
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer({ description: '1 enabled, 0 disabled' }),
  description: Type.Union([Type.String(), Type.Null()]),
  creatorTime: Type.Number({ description: 'epoch ms' }),
};

export const namedView = (r: { id: string; fullName: string; enCode: string; sortCode: number; enabledMark: number; description: string | null; createdAt: number }) => ({
  id: r.id, fullName: r.fullName, enCode: r.enCode, sortCode: Number(r.sortCode), enabledMark: Number(r.enabledMark), description: r.description, creatorTime: Number(r.createdAt),
});

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export { PagedQueryFields } from '../../http/envelope';

export const StateData = Type.Object({ enabledMark: Type.Integer({ description: 'the new state: 1 enabled, 0 disabled' }) });

/** A keyword as a case-insensitive LIKE pattern; LIKE's wildcards in it are dropped (no escape clause is portable). */
export function likePattern(keyword: string | undefined): string | null {
  const k = keyword?.trim().toLowerCase().replace(/[%_\\]/g, '');
  return k ? `%${k}%` : null;
}

/** Matches a keyword against a name or code in memory (the tree lists filter there). */
export function matchesKeyword(keyword: string | undefined, row: { fullName: string; enCode: string }): boolean {
  const k = keyword?.trim().toLowerCase();
  if (!k) return true;
  return row.fullName.toLowerCase().includes(k) || row.enCode.toLowerCase().includes(k);
}

const SORTABLE = { fullName: 'fullName', enCode: 'enCode', sortCode: 'sortCode', creatorTime: 'createdAt' } as const;

/** The list's order: the asked column (sidx, one of SORTABLE) first, then sort code and newest first. */
export function listOrder(sidx: string | undefined, sort: string | undefined): [column: (typeof SORTABLE)[keyof typeof SORTABLE], direction: 'asc' | 'desc'][] {
  const defaults: [(typeof SORTABLE)[keyof typeof SORTABLE], 'asc' | 'desc'][] = [['sortCode', 'asc'], ['createdAt', 'desc']];
  const column = sidx && Object.hasOwn(SORTABLE, sidx) ? SORTABLE[sidx as keyof typeof SORTABLE] : null;
  return column ? [[column, sort?.toLowerCase() === 'desc' ? 'desc' : 'asc'], ...defaults] : defaults;
}

/** A free-text type (positions, groups): at most 50 characters, blank = none. */
export function validateType(type: string | null | undefined): string | null {
  const value = type?.trim();
  if (!value) return null;
  if (value.length > 50) throw refuse('organize.typeTooLong');
  return value;
}

/**
 * PUT {id}/Actions/State of organisations, positions and groups: flips enabled/disabled in a
 * transaction that moves the access counter; answers the new state.
 */
export async function toggleEnabled(db: Db, table: 'baseOrganize' | 'basePosition' | 'baseGroup', id: string, notFound: () => Error, actor: AuditActor): Promise<number> {
  // The three tables share id and enabled_mark: typed as one of them.
  const same = table as 'baseGroup';
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom(same).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    const next = Number(row.enabledMark) === 1 ? 0 : 1;
    await trx.updateTable(same).set({ enabledMark: next }).where('id', '=', id).execute();
    await audit(trx, actor, { entity: AUDITED[table], entityId: id, action: 'update', before: row, after: { ...row, enabledMark: next } });
    await bumpAccessVersion(trx);
    return next;
  });
}

/**
 * DELETE {id}: refused with `inUse`'s message while something depends on the row, checked and
 * deleted in one transaction that moves the access counter.
 */
export async function deleteUnused(db: Db, table: 'baseOrganize' | 'basePosition' | 'baseGroup', id: string, notFound: () => Error, inUse: (trx: DbOrTrx) => Promise<MessageKey | null>, actor: AuditActor): Promise<void> {
  const same = table as 'baseGroup';
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom(same).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    const reason = await inUse(trx);
    if (reason) throw refuse(reason);
    await trx.deleteFrom(same).where('id', '=', id).execute();
    await audit(trx, actor, { entity: AUDITED[table], entityId: id, action: 'delete', before: row });
    await bumpAccessVersion(trx);
  });
}

/**
 * Two saves of one code at once both pass the form's check; the second then meets the unique
 * index (PostgreSQL 23505, SQLite's UNIQUE constraint) and is answered as the form's refusal.
 */
export async function uniqueAsRefusal<T>(work: Promise<T>, key: MessageKey): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') throw refuse(key);
    throw error;
  }
}
