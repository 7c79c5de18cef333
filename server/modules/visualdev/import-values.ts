import dayjs from 'dayjs';
import type { Db } from '../../db';
import { translate, type Locale } from '../../../src/runtime/i18n';
import { kindOf, type RefKind } from '../../../src/runtime/kinds';
import type { CompiledField, OptionItem } from '../../../src/runtime/model/compiled';
import { cellReading, type ImportRow } from '../../../src/runtime/import/layout';
import { dictionaryOptionItems } from './record-format';

/**
 * A spreadsheet cell's text → the value the form would have stored (spec widgets 2.8: dictionary,
 * static options and picker values are written as people read them, and resolved here to ids).
 * What cannot be resolved is a problem of the row, in the caller's language; everything that
 * resolves still goes through the form's own validation afterwards (import-service.ts).
 */

type Outcome = { value: unknown } | { problem: string };
const SEPARATORS = /[,，;；]/;
const split = (text: string) => text.split(SEPARATORS).map((s) => s.trim()).filter(Boolean);
const PATH = /\s*\/\s*/;

/** A kind that stores a path (cascader, organisation, area) stores an array even when single. */
function storesPath(field: CompiledField): boolean {
  const schema = kindOf(field.kind).value({ ...field.props, multiple: false }) as { type?: string | string[] } | null;
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  return types.includes('array');
}
const many = (field: CompiledField) => field.props.multiple === true || kindOf(field.kind).optionCheck(field.props) === 'items';

/** Names → ids of the records a reference kind names, with each id's parent for path kinds. */
interface Names { byName: Map<string, string[]>; parent: Map<string, string> }

async function namesOf(db: Db, ref: RefKind, wanted: Set<string>): Promise<Names> {
  const out: Names = { byName: new Map(), parent: new Map() };
  const add = (name: string, id: string) => out.byName.set(name, [...(out.byName.get(name) ?? []), id]);
  const list = [...wanted];
  if (!list.length) return out;
  if (ref === 'user') {
    const rows = await db.selectFrom('baseUser').select(['id', 'realName', 'account']).where((eb) => eb.or([eb('account', 'in', list), eb('realName', 'in', list), eb('id', 'in', list)])).execute();
    for (const u of rows) for (const name of [`${u.realName}/${u.account}`, u.account, u.realName, u.id]) add(name, u.id);
    // "realName/account" as exported: the account decides
    for (const text of list) if (text.includes('/')) for (const u of rows) if (u.account === text.split('/').pop()) add(text, u.id);
  } else if (ref === 'organize') {
    for (const o of await db.selectFrom('baseOrganize').select(['id', 'parentId', 'fullName']).execute()) {
      add(o.fullName, o.id);
      add(o.id, o.id);
      out.parent.set(o.id, o.parentId ?? '');
    }
  } else if (ref === 'area') {
    for (const a of await db.selectFrom('baseArea').select(['id', 'parentId', 'fullName']).where((eb) => eb.or([eb('fullName', 'in', list), eb('id', 'in', list)])).execute()) {
      add(a.fullName, a.id);
      add(a.id, a.id);
      out.parent.set(a.id, a.parentId);
    }
  } else {
    const table = ({ position: 'basePosition', role: 'baseRole', group: 'baseGroup' } as const)[ref];
    for (const r of await db.selectFrom(table).select(['id', 'fullName']).where((eb) => eb.or([eb('fullName', 'in', list), eb('id', 'in', list)])).execute()) {
      add(r.fullName, r.id);
      add(r.id, r.id);
    }
  }
  return out;
}

/** Finds an option by label (or value) in a tree; `path` walks one level per segment. */
function optionByText(options: readonly OptionItem[], text: string): OptionItem | undefined {
  for (const o of options) {
    if (o.label === text || String(o.value) === text) return o;
    const inner = o.children ? optionByText(o.children, text) : undefined;
    if (inner) return inner;
  }
  return undefined;
}
function optionPath(options: readonly OptionItem[], segments: string[]): (string | number)[] | null {
  const out: (string | number)[] = [];
  let level = options;
  for (const s of segments) {
    const o = level.find((x) => x.label === s || String(x.value) === s);
    if (!o) return null;
    out.push(o.value);
    level = o.children ?? [];
  }
  return out;
}

/** Every field (top-level and sub-table columns) that reads a cell, with its reading. */
function readingFields(fields: CompiledField[]): CompiledField[] {
  return fields.flatMap((f) => (f.columns ? [f, ...readingFields(f.columns)] : [f])).filter((f) => cellReading(f) !== null);
}

export type CellReader = (field: CompiledField, text: string) => Outcome;

/** A reader of the given records' cells, with every dictionary and name they need loaded once. */
export async function cellReader(db: Db, fields: CompiledField[], records: ImportRow[], locale: Locale): Promise<CellReader> {
  const all = readingFields(fields);
  const dictionaries = new Map<string, OptionItem[]>();
  for (const f of all) {
    if (f.options?.from === 'dictionary' && f.options.dictionaryType) dictionaries.set(f.key, await dictionaryOptionItems(db, f.options, locale));
  }
  // the texts each reference kind must name, from every record and child row
  const wanted = new Map<RefKind, Set<string>>();
  const texts = (key: string): string[] => records.flatMap((r) => [r[key], ...Object.values(r).flatMap((v) => (Array.isArray(v) ? v.map((c) => c[key]) : []))]).filter((t): t is string => typeof t === 'string');
  for (const f of all) {
    const ref = kindOf(f.kind).refs;
    if (!ref || cellReading(f) !== 'refs') continue;
    const set = wanted.get(ref) ?? new Set<string>();
    for (const t of texts(f.key)) for (const part of split(t)) for (const seg of part.split(PATH)) set.add(seg.trim());
    wanted.set(ref, set);
  }
  const names = new Map<RefKind, Names>();
  for (const [ref, set] of wanted) names.set(ref, await namesOf(db, ref, set));

  const notAllowed = (field: CompiledField): Outcome => ({ problem: translate(locale, 'bulkImport.notFound', { label: field.label }) });
  const options = (field: CompiledField): readonly OptionItem[] =>
    field.options?.from === 'static' ? field.options.options : field.options?.from === 'dictionary' ? (dictionaries.get(field.key) ?? []) : [];

  return (field, raw) => {
    const text = raw.trim();
    if (!text) return { value: null };
    const reading = cellReading(field);
    if (reading === 'number') {
      const n = Number(text.replace(/,/g, ''));
      return Number.isFinite(n) ? { value: n } : { problem: translate(locale, 'bulkImport.notNumber', { label: field.label }) };
    }
    if (reading === 'date') {
      const d = /^\d{10,}$/.test(text) ? dayjs(Number(text)) : dayjs(text.replace(/\//g, '-'));
      return d.isValid() ? { value: d.valueOf() } : { problem: translate(locale, 'bulkImport.notDate', { label: field.label }) };
    }
    if (reading === 'choices') {
      const choice = kindOf(field.kind).choices(field, locale)?.find((c) => c.label === text || String(c.value) === text);
      return choice ? { value: choice.value } : notAllowed(field);
    }
    if (reading === 'options') {
      // a data interface's options are not run here: the text is taken as the value and the save-time check judges it
      if (field.options?.from === 'dataInterface') return { value: many(field) ? split(text) : text };
      const list = options(field);
      const path = storesPath(field);
      const one = (part: string) => (path ? optionPath(list, part.split(PATH)) : (optionByText(list, part)?.value ?? null));
      const parts = many(field) ? split(text) : [text];
      const values = parts.map(one);
      if (values.some((v) => v === null)) return notAllowed(field);
      return { value: many(field) ? values : values[0] };
    }
    if (reading === 'refs') {
      const ref = kindOf(field.kind).refs!;
      const known = names.get(ref) ?? { byName: new Map(), parent: new Map() };
      const path = storesPath(field);
      const idOf = (name: string, parent?: string): string | null => {
        const ids = (known.byName.get(name) ?? []).filter((id: string) => parent === undefined || known.parent.get(id) === parent);
        return ids.length === 1 ? ids[0]! : null; // an ambiguous name is not guessed
      };
      const one = (part: string): string | string[] | null => {
        if (!path) return idOf(part);
        const segments = part.split(PATH);
        let id: string | null = null;
        for (const [i, s] of segments.entries()) {
          id = idOf(s, i === 0 ? undefined : id!);
          if (!id) return null;
        }
        // stored from the top: walk up from the last named id
        const chain: string[] = [];
        for (let at: string | undefined = id!; at && chain.length < 20 && known.byName.has(at); at = known.parent.get(at)) chain.unshift(at);
        return chain;
      };
      const parts = path || many(field) ? split(text) : [text];
      const values = parts.map(one);
      if (values.some((v) => v === null)) return notAllowed(field);
      return { value: path ? (field.props.multiple === true ? values : values[0]) : many(field) ? values : values[0] };
    }
    return { value: text };
  };
}
