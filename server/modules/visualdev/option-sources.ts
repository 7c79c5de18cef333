import type { Principal } from '../../auth/principal';
import { AppError } from '../../http/errors';
import type { CompiledField, CompiledModel, FieldError, OptionSource } from '../../../src/runtime/model/compiled';
import { translate, type Locale } from '../../../src/runtime/i18n';
import { kindOf, optionValues, rowsToOptions } from '../../../src/runtime/kinds';
import type { InterfaceRunAccess } from '../data-interface';
import type { DbOrTrx } from '../dictionary/repository';
import { dictionaryOptionItems, type DictionarySource } from './record-format';
import { cellText } from '../../../src/runtime/popup-select';
import { popupProblems, prefetchPopupIds, type PopupIds } from './popup-checks';

type InterfaceSource = Extract<OptionSource, { from: 'dataInterface' }>;
type RemoteSource = Exclude<OptionSource, { from: 'static' }>;

/**
 * The values an interface-fed field offers, for one save: each interface runs at most once per
 * request; `popupIds` answers popup selects' InfoByIds lookups the same way (popup-checks.ts).
 */
export type InterfaceValues = ((source: InterfaceSource) => Promise<Set<string>>) & { popupIds?: PopupIds };

/**
 * Runs the interfaces behind option fields for save-time checks, through the same boundary as
 * every other run (the SQL reader, the HTTP allow-list, declared parameters). The page's grant
 * is the caller's: the record routes have judged the model's menu grant, a short link its
 * own fill right; the interface is the one the model's field names, and disabled ones refuse.
 */
export class InterfaceOptions {
  constructor(private readonly access: InterfaceRunAccess) {}

  /** A loader for one request, running as `principal` (its id and organisation fill @currentUserId and @currentOrganizeId). */
  forRequest(principal: Principal): InterfaceValues {
    const cache = new Map<string, Promise<Set<string>>>();
    const values: InterfaceValues = (source) => {
      const key = JSON.stringify([source.interfaceId, source.templateJson, source.labelKey, source.valueKey, source.childrenKey]);
      if (!cache.has(key)) cache.set(key, this.values(principal, source));
      return cache.get(key)!;
    };
    values.popupIds = (interfaceId, propsValue, paramList, ids) => {
      const key = JSON.stringify(['popup', interfaceId, propsValue, paramList, ids]);
      if (!cache.has(key)) cache.set(key, this.popupIds(principal, interfaceId, propsValue, paramList, ids));
      return cache.get(key)!;
    };
    return values;
  }

  /** Which of `ids` the interface answers to InfoByIds for this caller (the ids found, as text). */
  private async popupIds(principal: Principal, interfaceId: string, propsValue: string, paramList: { field: string; defaultValue: unknown }[], ids: string[]): Promise<Set<string>> {
    const row = await this.access.usedByPage(interfaceId);
    const rows = await this.access.executor.byIds(row, { principal, paramList }, propsValue, ids);
    return new Set(rows.map((r) => cellText(r[propsValue])));
  }

  private async values(principal: Principal, source: InterfaceSource): Promise<Set<string>> {
    const row = await this.access.usedByPage(source.interfaceId);
    const rows = await this.access.executor.rows(row, { principal, paramList: source.templateJson as { field: string; defaultValue?: unknown }[] });
    return new Set(optionValues(rowsToOptions(rows, source.labelKey, source.valueKey, source.childrenKey)).map(String));
  }
}

/**
 * Values of option fields fed by a dictionary or a data interface checked against their source,
 * as the record schema checks static options: a select cannot store what its source does not
 * offer (a script typed into a request, a code nobody defined). Disabled dictionary entries
 * still count, so a record holding one can be saved unchanged; a dictionary the database lacks
 * offers nothing. An interface-fed value is checked when it changes (`stored` is the record
 * before an update): the interface's rows move with time, and a value checked when it was stored
 * does not block saving the record's other fields. An interface that fails or times out
 * refuses the save: an unchecked value is never stored.
 */
export async function optionSourceProblems(
  db: DbOrTrx, model: CompiledModel, data: Record<string, unknown>, locale: Locale, interfaceValues: InterfaceValues, stored: Record<string, unknown> | null = null,
): Promise<FieldError[]> {
  const dictionaries = new Map<string, Promise<Set<string>>>();
  const allowedFor = (source: RemoteSource): Promise<Set<string>> => {
    if (source.from === 'dataInterface') return interfaceValues(source);
    const key = JSON.stringify([source.dictionaryType, source.labelKey, source.valueKey, source.childrenKey]);
    if (!dictionaries.has(key)) dictionaries.set(key, dictionaryValues(db, source, locale));
    return dictionaries.get(key)!;
  };
  const problems: FieldError[] = [];
  const check = async (field: CompiledField, value: unknown, path: string, unchanged: boolean) => {
    const source = field.options;
    if (!source || source.from === 'static') return;
    if (source.from === 'dataInterface' && unchanged) return;
    const rule = kindOf(field.kind).optionCheck(field.props);
    if (!rule) return;
    const values = (rule === 'items' ? (Array.isArray(value) ? value : []) : [value]).filter((v) => v !== null && v !== undefined && v !== '');
    if (!values.length) return;
    let known: Set<string>;
    try {
      known = await allowedFor(source);
    } catch (error) {
      const detail = error instanceof AppError ? translate(locale, error.key, error.params) : error instanceof Error ? error.message : String(error);
      problems.push({ field: path, message: translate(locale, 'dataInterface.optionsUnchecked', { label: field.label, detail }) });
      return;
    }
    if (values.some((v) => !known.has(String(v)))) problems.push({ field: path, message: translate(locale, 'validation.enum', { label: field.label }) });
  };
  for (const field of Object.values(model.form.fields)) {
    if (!field.stores) continue;
    if (field.columns?.length && Array.isArray(data[field.key])) {
      const before = Array.isArray(stored?.[field.key]) ? (stored![field.key] as unknown[]) : [];
      for (const [index, row] of (data[field.key] as unknown[]).entries()) {
        if (!row || typeof row !== 'object') continue;
        for (const column of field.columns) {
          const value = (row as Record<string, unknown>)[column.key];
          const unchanged = before.some((r) => r && typeof r === 'object' && same((r as Record<string, unknown>)[column.key], value));
          await check(column, value, `${field.key}.${index}.${column.key}`, unchanged);
        }
      }
    } else {
      await check(field, data[field.key], field.key, stored !== null && same(stored[field.key], data[field.key]));
    }
  }
  problems.push(...(await popupProblems(model, data, locale, interfaceValues.popupIds, stored)));
  return problems;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Runs the interfaces behind the option fields `input` sets (the only values an update checks), ahead of the save's transaction
 * (their answers, or failures, wait in the request's cache for the check inside it).
 */
export async function prefetchInterfaceValues(model: CompiledModel, input: Record<string, unknown>, interfaceValues: InterfaceValues): Promise<void> {
  const sources: InterfaceSource[] = [];
  for (const field of Object.values(model.form.fields)) {
    if (!field.stores || !Object.prototype.hasOwnProperty.call(input, field.key)) continue;
    for (const f of [field, ...(field.columns ?? [])]) if (f.options?.from === 'dataInterface' && kindOf(f.kind).optionCheck(f.props)) sources.push(f.options);
  }
  await Promise.allSettled([...sources.map((source) => interfaceValues(source)), prefetchPopupIds(model, input, interfaceValues.popupIds)]);
}

async function dictionaryValues(db: DbOrTrx, source: DictionarySource, locale: Locale): Promise<Set<string>> {
  return new Set(optionValues(await dictionaryOptionItems(db, source, locale)).map(String));
}
