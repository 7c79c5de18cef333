import type { Db } from '../../db';
import type { CompiledField, CompiledModel, OptionItem } from '../../../src/runtime/model/compiled';
import type { Locale } from '../../../src/runtime/i18n';
import { type FormatContext, kindOf, type RefKind, type RefNames, rowsToOptions } from '../../../src/runtime/kinds';
import { buildTree } from '../dictionary/tree';
import { type DbOrTrx, entriesOf, findTypeByIdOrCode } from '../dictionary/repository';
import { nameIn } from '../../http/translations';

/**
 * Records as people read them, on the server (export, the product client's DataChange): each
 * value goes through its kind's one formatter (src/runtime/kinds), the same the browser uses.
 * The names of referenced records travel beside raw values as `refs` (RefNames), so the browser
 * formats with the same names.
 */

type Resolver = (db: Db, ids: string[]) => Promise<[string, string][]>;

/**
 * Where each kind of reference is named. These name whoever a readable record references, also
 * outside the caller's picker scope (DECISIONS). Areas are named by the browser (GetAreaByIds).
 */
const RESOLVERS: Record<RefKind, Resolver | null> = {
  user: async (db, ids) => (await db.selectFrom('baseUser').select(['id', 'realName', 'account']).where('id', 'in', ids).execute()).map((u) => [u.id, `${u.realName}/${u.account}`]),
  organize: async (db, ids) => (await db.selectFrom('baseOrganize').select(['id', 'fullName']).where('id', 'in', ids).execute()).map((o) => [o.id, o.fullName]),
  position: async (db, ids) => (await db.selectFrom('basePosition').select(['id', 'fullName']).where('id', 'in', ids).execute()).map((p) => [p.id, p.fullName]),
  role: async (db, ids) => (await db.selectFrom('baseRole').select(['id', 'fullName']).where('id', 'in', ids).execute()).map((r) => [r.id, r.fullName]),
  group: async (db, ids) => (await db.selectFrom('baseGroup').select(['id', 'fullName']).where('id', 'in', ids).execute()).map((g) => [g.id, g.fullName]),
  area: null,
};

const idsIn = (value: unknown): string[] => (Array.isArray(value) ? value.flat(3) : [value]).filter((v): v is string => typeof v === 'string' && v !== '');

function storingFields(model: CompiledModel, keys?: readonly string[]): CompiledField[] {
  return (keys ?? Object.keys(model.form.fields)).map((k) => model.form.fields[k]).filter((f): f is CompiledField => Boolean(f?.stores));
}

/** The names of every record the given fields of `records` reference. */
export async function refNamesOf(db: Db, model: CompiledModel, records: Record<string, unknown>[], keys?: readonly string[]): Promise<RefNames> {
  const wanted = new Map<RefKind, Set<string>>();
  for (const field of storingFields(model, keys)) {
    const ref = kindOf(field.kind).refs;
    if (!ref || !RESOLVERS[ref]) continue;
    const set = wanted.get(ref) ?? new Set<string>();
    for (const record of records) for (const id of idsIn(record[field.key])) set.add(id);
    wanted.set(ref, set);
  }
  const out: RefNames = {};
  await Promise.all(
    [...wanted].filter(([, ids]) => ids.size).map(async ([ref, ids]) => {
      out[ref] = Object.fromEntries(await RESOLVERS[ref]!(db, [...ids]));
    }),
  );
  return out;
}

export type DictionarySource = { dictionaryType: string; labelKey: string; valueKey: string; childrenKey: string };

/**
 * A dictionary's entries (disabled ones included) as a field's options, names in a language; a
 * dictionary the database lacks offers none. Shared by formatting and the save-time value check.
 */
export async function dictionaryOptionItems(db: DbOrTrx, source: DictionarySource, locale: Locale): Promise<OptionItem[]> {
  const type = await findTypeByIdOrCode(db, source.dictionaryType);
  const entries = (type ? await entriesOf(db, type.id) : []).map((e) => ({ ...e, fullName: nameIn(locale, e) }));
  return rowsToOptions(buildTree(entries) as unknown as Record<string, unknown>[], source.labelKey, source.valueKey, source.childrenKey);
}

/** Options of dictionary-backed fields in a language, loaded once per dictionary. Interface-backed options are not run here. */
async function dictionaryOptions(db: Db, fields: CompiledField[], locale: Locale): Promise<Map<string, OptionItem[]>> {
  const out = new Map<string, OptionItem[]>();
  for (const field of fields) {
    const source = field.options;
    if (source?.from !== 'dictionary' || !source.dictionaryType || out.has(field.key)) continue;
    out.set(field.key, await dictionaryOptionItems(db, source, locale));
  }
  return out;
}

/** A format context over loaded names and options, in the caller's language. */
export async function formatContextFor(db: Db, model: CompiledModel, records: Record<string, unknown>[], locale: Locale, keys?: readonly string[]): Promise<FormatContext> {
  const fields = storingFields(model, keys);
  const [names, options] = await Promise.all([refNamesOf(db, model, records, keys), dictionaryOptions(db, fields, locale)]);
  return {
    locale,
    options: (field) => (field.options?.from === 'static' ? field.options.options : (options.get(field.key) ?? [])),
    refName: (ref, id) => names[ref]?.[id],
  };
}

/**
 * The records with each of the given fields as people read it (others as stored): `text` for
 * a reply, `export` for a spreadsheet (numbers stay numbers).
 */
export async function formatRecords(db: Db, model: CompiledModel, records: Record<string, unknown>[], locale: Locale, keys?: readonly string[], mode: 'text' | 'export' = 'text'): Promise<Record<string, unknown>[]> {
  const ctx = await formatContextFor(db, model, records, locale, keys);
  const fields = storingFields(model, keys);
  return records.map((record) => {
    const out: Record<string, unknown> = { ...record };
    for (const f of fields) {
      const kind = kindOf(f.kind);
      out[f.key] = mode === 'export' ? kind.exportValue(record[f.key], f, ctx) : kind.format(record[f.key], f, ctx);
    }
    return out;
  });
}
