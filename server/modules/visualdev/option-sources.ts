import type { CompiledField, CompiledModel, FieldError } from '../../../src/runtime/model/compiled';
import { translate, type Locale } from '../../../src/runtime/i18n';
import { kindOf, optionValues } from '../../../src/runtime/kinds';
import type { DbOrTrx } from '../dictionary/repository';
import { dictionaryOptionItems, type DictionarySource } from './record-format';

/**
 * Values of dictionary-backed option fields checked against the dictionary, as the record
 * schema checks static options: a select cannot store what its source does not offer (a
 * script typed into a request, a code nobody defined). Disabled entries still count, so a
 * record holding one can be saved unchanged. A dictionary the database lacks offers nothing.
 * Interface-backed options are not checked here: running an interface belongs to its own
 * boundary (server/modules/data-interface).
 */
export async function optionSourceProblems(db: DbOrTrx, model: CompiledModel, data: Record<string, unknown>, locale: Locale): Promise<FieldError[]> {
  const allowed = new Map<string, Promise<Set<string>>>();
  const allowedFor = (field: CompiledField & { options: { from: 'dictionary' } }) => {
    const source = field.options;
    const key = JSON.stringify([source.dictionaryType, source.labelKey, source.valueKey, source.childrenKey]);
    if (!allowed.has(key)) allowed.set(key, dictionaryValues(db, source, locale));
    return allowed.get(key)!;
  };
  const problems: FieldError[] = [];
  const check = async (field: CompiledField, value: unknown, path: string) => {
    if (field.options?.from !== 'dictionary') return;
    const rule = kindOf(field.kind).optionCheck(field.props);
    if (!rule) return;
    const values = (rule === 'items' ? (Array.isArray(value) ? value : []) : [value]).filter((v) => v !== null && v !== undefined && v !== '');
    if (!values.length) return;
    const known = await allowedFor(field as CompiledField & { options: { from: 'dictionary' } });
    if (values.some((v) => !known.has(String(v)))) problems.push({ field: path, message: translate(locale, 'validation.enum', { label: field.label }) });
  };
  for (const field of Object.values(model.form.fields)) {
    if (!field.stores) continue;
    if (field.columns?.length && Array.isArray(data[field.key])) {
      for (const [index, row] of (data[field.key] as unknown[]).entries()) {
        if (row && typeof row === 'object') for (const column of field.columns) await check(column, (row as Record<string, unknown>)[column.key], `${field.key}.${index}.${column.key}`);
      }
    } else {
      await check(field, data[field.key], field.key);
    }
  }
  return problems;
}

async function dictionaryValues(db: DbOrTrx, source: DictionarySource, locale: Locale): Promise<Set<string>> {
  return new Set(optionValues(await dictionaryOptionItems(db, source, locale)).map(String));
}
