import { AppError } from '../../http/errors';
import type { CompiledField, CompiledModel, FieldError } from '../../../src/runtime/model/compiled';
import { translate, type Locale } from '../../../src/runtime/i18n';
import { paramListOf, popupConfigOf, valueIds } from '../../../src/runtime/popup-select';
import { changedValues } from './changed-values';

/** A popup lookup: which of `ids` are rows of the interface for this caller (InfoByIds semantics). */
export type PopupIds = (interfaceId: string, propsValue: string, paramList: { field: string; defaultValue: unknown }[], ids: string[]) => Promise<Set<string>>;

const POPUP_KINDS = new Set(['popupSelect', 'popupTableSelect']);

interface PopupCheck {
  field: CompiledField;
  path: string;
  ids: string[];
  interfaceId: string;
  propsValue: string;
  paramList: { field: string; defaultValue: unknown }[];
}

/** The popup values of a record that need checking: changed (or new) and non-empty. */
function popupChecks(model: CompiledModel, data: Record<string, unknown>, stored: Record<string, unknown> | null): PopupCheck[] {
  return changedValues(model, data, stored).flatMap(({ field, value, path, sibling }) => {
    if (!POPUP_KINDS.has(field.kind)) return [];
    const ids = valueIds(value);
    if (!ids.length) return [];
    const config = popupConfigOf(field.props);
    return [{ field, path, ids, interfaceId: config.interfaceId, propsValue: config.propsValue, paramList: paramListOf(config.templateJson, sibling) }];
  });
}

/**
 * Popup select values checked against their data interface as the caller would see it, as
 * interface-fed options are (option-sources.ts): each chosen id must be a row the interface
 * answers to InfoByIds for this caller with the field's parameters; a value typed into a request
 * is refused on its field. Checked when it changes; an interface that fails refuses the save.
 * A popup without an interface cannot have produced a value, so any value is refused.
 */
export async function popupProblems(
  model: CompiledModel, data: Record<string, unknown>, locale: Locale, lookup: PopupIds | undefined, stored: Record<string, unknown> | null,
): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  for (const check of popupChecks(model, data, stored)) {
    const label = check.field.label;
    if (!check.interfaceId || !lookup) {
      problems.push({ field: check.path, message: translate(locale, 'popupSelect.notRow', { label }) });
      continue;
    }
    let found: Set<string>;
    try {
      found = await lookup(check.interfaceId, check.propsValue, check.paramList, check.ids);
    } catch (error) {
      const detail = error instanceof AppError ? translate(locale, error.key, error.params) : error instanceof Error ? error.message : String(error);
      problems.push({ field: check.path, message: translate(locale, 'dataInterface.optionsUnchecked', { label, detail }) });
      continue;
    }
    if (check.ids.some((id) => !found.has(id))) problems.push({ field: check.path, message: translate(locale, 'popupSelect.notRow', { label }) });
  }
  return problems;
}

/** Runs the lookups an update or create will check ahead of the save's transaction (answers wait in the request's cache). */
export async function prefetchPopupIds(model: CompiledModel, input: Record<string, unknown>, lookup: PopupIds | undefined): Promise<void> {
  if (!lookup) return;
  const checks = popupChecks(model, input, null).filter((c) => c.interfaceId);
  await Promise.allSettled(checks.map((c) => lookup(c.interfaceId, c.propsValue, c.paramList, c.ids)));
}
