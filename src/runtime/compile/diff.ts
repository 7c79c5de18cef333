import { DEFAULT_LOCALE, type Locale, type MessageKey, type MessageParams, translate } from '../i18n';
import type { CompiledField, CompiledModel } from '../model/compiled';
import { resolveProp } from './list';
import { isRecordRequired } from './record-schema';

/**
 * What changed between two versions of a model, in sentences a QA reviewer reads. Pure:
 * it compares two compiled models (schema:diff compiles the two files first).
 * `breaking` marks changes that lose data or break a page: a field removed or retyped,
 * a field newly required, a column or search field that no longer names a field.
 */
export interface ModelChange {
  code: MessageKey;
  params: MessageParams;
  message: string;
  breaking: boolean;
}

function allFields(model: CompiledModel): Map<string, CompiledField> {
  const map = new Map<string, CompiledField>();
  for (const field of Object.values(model.form.fields)) {
    map.set(field.key, field);
    for (const column of field.columns ?? []) map.set(`${field.key}-${column.key}`, column);
  }
  return map;
}

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

export function diffModels(before: CompiledModel, after: CompiledModel, locale: Locale = DEFAULT_LOCALE): ModelChange[] {
  const changes: ModelChange[] = [];
  const add = (code: MessageKey, params: MessageParams, breaking = false) => changes.push({ code, params, message: translate(locale, code, params), breaking });

  const a = allFields(before);
  const b = allFields(after);
  for (const [key, field] of b) if (!a.has(key)) add('diff.fieldAdded', { key, label: field.label, kind: field.kind });
  for (const [key, field] of a) if (!b.has(key)) add('diff.fieldRemoved', { key, label: field.label }, field.stores);
  for (const [key, old] of a) {
    const now = b.get(key);
    if (!now) continue;
    if (old.kind !== now.kind) add('diff.fieldRetyped', { key, from: old.kind, to: now.kind }, true);
    if (old.label !== now.label) add('diff.fieldRelabelled', { key, from: old.label, to: now.label });
    const wasRequired = isRecordRequired(old);
    const isRequired = isRecordRequired(now);
    if (!wasRequired && isRequired) add('diff.requiredOn', { key }, true);
    if (wasRequired && !isRequired) add('diff.requiredOff', { key });
    const ruleId = (r: CompiledField['rules'][number]) => `${r.pattern}/${r.flags}:${r.message}`;
    const oldRules = new Set(old.rules.map(ruleId));
    const newRules = new Set(now.rules.map(ruleId));
    for (const r of now.rules) if (!oldRules.has(ruleId(r))) add('diff.ruleAdded', { key, message: r.message }, true);
    for (const r of old.rules) if (!newRules.has(ruleId(r))) add('diff.ruleRemoved', { key, message: r.message });
    if (JSON.stringify(old.options) !== JSON.stringify(now.options)) add('diff.optionsChanged', { key });
    if (JSON.stringify(old.defaultValue) !== JSON.stringify(now.defaultValue)) add('diff.defaultChanged', { key, from: show(old.defaultValue), to: show(now.defaultValue) });
    if (old.visiblePc !== now.visiblePc) add('diff.visibilityChanged', { key, state: translate(locale, now.visiblePc ? 'diff.visible' : 'diff.hidden') });
  }

  for (const area of ['form', 'column', 'button'] as const) {
    const oldCodes = new Set(before.permissionCodes[area]);
    const newCodes = new Set(after.permissionCodes[area]);
    const areaName = translate(locale, `diff.area.${area}`);
    for (const code of newCodes) if (!oldCodes.has(code)) add('diff.permissionAdded', { area: areaName, code });
    for (const code of oldCodes) if (!newCodes.has(code)) add('diff.permissionRemoved', { area: areaName, code });
  }

  const byProp = <T extends { prop: string }>(list: T[]) => new Map(list.map((c) => [c.prop, c]));
  const oldColumns = byProp(before.list.columns);
  const newColumns = byProp(after.list.columns);
  for (const [prop, c] of newColumns) if (!oldColumns.has(prop)) add('diff.columnAdded', { prop, label: c.label });
  for (const [prop, c] of oldColumns) {
    if (newColumns.has(prop)) continue;
    // a column the new version still lists but whose field is gone was dropped by the compiler: say it breaks
    if (!resolveProp(prop, after.form.fields) && a.has(prop)) add('diff.columnBroken', { prop }, true);
    else add('diff.columnRemoved', { prop, label: c.label });
  }
  const oldSearch = byProp(before.list.searchFields);
  const newSearch = byProp(after.list.searchFields);
  for (const [prop, s] of newSearch) if (!oldSearch.has(prop)) add('diff.searchAdded', { prop, label: s.label });
  for (const [prop, s] of oldSearch) {
    if (newSearch.has(prop)) continue;
    if (!resolveProp(prop, after.form.fields) && a.has(prop)) add('diff.searchBroken', { prop }, true);
    else add('diff.searchRemoved', { prop, label: s.label });
  }

  const buttons = (m: CompiledModel) => new Map([...m.list.buttons, ...m.list.rowButtons].map((x) => [x.value, x]));
  const oldButtons = buttons(before);
  const newButtons = buttons(after);
  for (const [value, x] of newButtons) if (!oldButtons.has(value)) add('diff.buttonAdded', { value, label: x.label });
  for (const [value, x] of oldButtons) if (!newButtons.has(value)) add('diff.buttonRemoved', { value, label: x.label });

  const sortText = (m: CompiledModel) => `${m.list.defaultSort.field ?? '—'} ${m.list.defaultSort.order}`;
  if (sortText(before) !== sortText(after)) add('diff.sortChanged', { from: sortText(before), to: sortText(after) });
  const pageText = (m: CompiledModel) => (m.list.hasPage ? String(m.list.pageSize) : '—');
  if (pageText(before) !== pageText(after)) add('diff.pageChanged', { from: pageText(before), to: pageText(after) });
  return changes;
}
