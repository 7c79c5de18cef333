import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import type { CompiledField, CompiledModel, CompiledSearchField } from '../../runtime/model/compiled';
import { kindOf, type FieldKind } from '../../runtime/kinds';
import { dateRangeRenderer } from '../fields/dateRange';
import { selectRenderer } from '../fields/select';
import { timeRangeRenderer } from '../fields/timeRange';
import { DataProviderContext } from '../data/provider';
import { LocaleContext, useRT } from '../i18n';

export type SearchValues = Record<string, unknown>;

function syntheticField(model: CompiledModel, s: CompiledSearchField, kind: FieldKind, extra: Record<string, unknown> = {}): CompiledField {
  const base = model.form.fields[s.prop];
  return {
    key: s.prop,
    kind,
    sourceKey: kind,
    label: s.label,
    showLabel: true,
    stores: true,
    system: false,
    required: false,
    rules: [],
    visiblePc: true,
    noShow: false,
    disabled: false,
    readonly: false,
    defaultValue: null,
    options: base?.options ?? null,
    props: { ...(base?.props ?? {}), ...extra },
    permissionCode: s.prop,
    placeholder: s.label,
    span: 24,
  } as CompiledField;
}

/** One search input as the kind's search says: options as a select, dates and times as ranges, numbers as a range. */
function SearchInput({ model, s, value, onChange }: { model: CompiledModel; s: CompiledSearchField; value: unknown; onChange(v: unknown): void }) {
  const locale = useContext(LocaleContext);
  const t = useRT();
  const id = `search_${s.prop}`;
  const common = { id, disabled: false, readOnly: false, error: false };
  const definition = s.kind ? kindOf(s.kind) : null;
  const input = definition?.search?.input ?? 'text';
  if (input === 'options') {
    const field = syntheticField(model, s, 'select', { multiple: s.multiple, filterable: true, clearable: true }) as CompiledField & { kind: 'select' };
    const choices = definition!.choices(model.form.fields[s.prop] ?? field, locale);
    if (choices) field.options = { from: 'static', options: choices, labelKey: 'label', valueKey: 'value', childrenKey: 'children' };
    return <selectRenderer.Edit {...common} field={field} value={value} onChange={onChange} />;
  }
  if (input === 'date') {
    const field = syntheticField(model, s, 'dateRange') as CompiledField & { kind: 'dateRange' };
    return <dateRangeRenderer.Edit {...common} field={field} value={value} onChange={onChange} />;
  }
  if (input === 'time') {
    const field = syntheticField(model, s, 'timeRange') as CompiledField & { kind: 'timeRange' };
    return <timeRangeRenderer.Edit {...common} field={field} value={value} onChange={onChange} />;
  }
  if (isNumberRange(s)) {
    const [from, to] = Array.isArray(value) ? (value as (number | null)[]) : [null, null];
    const emit = (a: number | null, b: number | null) => onChange(a === null && b === null ? [] : [a, b]);
    const num = (v: string | number) => (v === '' ? null : Number(v));
    return (
      <Group gap={4} wrap="nowrap" id={id} role="group" aria-labelledby={`${id}_caption`}>
        <NumberInput size="sm" w={100} value={from ?? ''} onChange={(v) => emit(num(v), to ?? null)} placeholder={s.label} aria-label={t('a11y.rangeFrom', { label: s.label })} />
        <span aria-hidden>~</span>
        <NumberInput size="sm" w={100} value={to ?? ''} onChange={(v) => emit(from ?? null, num(v))} aria-label={t('a11y.rangeTo', { label: s.label })} />
      </Group>
    );
  }
  return <TextInput id={id} size="sm" value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)} placeholder={s.label} />;
}

/** Whether SearchInput draws the two-box number range (a group of two inputs, not one input). */
function isNumberRange(s: CompiledSearchField): boolean {
  const input = (s.kind ? kindOf(s.kind).search?.input : undefined) ?? 'text';
  return s.searchType === 3 && input !== 'options' && input !== 'date' && input !== 'time';
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** The non-empty search values (range 'equals'/'fuzzy'/'range' semantics are the server's, by search type). */
export function cleanSearch(values: SearchValues): SearchValues {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => !isBlank(v)));
}

export interface SearchBarProps {
  model: CompiledModel;
  onSearch(keyword: string, values: SearchValues): void;
}

/** Keyword box and the model's search fields, with search and reset. */
export function SearchBar({ model, onSearch }: SearchBarProps) {
  const t = useRT();
  const [keyword, setKeyword] = useState('');
  const [values, setValues] = useState<SearchValues>({});
  const keywordOnly = useContext(DataProviderContext)?.keywordSearchOnly === true;
  const fields = keywordOnly ? model.list.searchFields.filter((s) => !model.list.keywordFields.includes(s.prop)) : model.list.searchFields;
  if (!fields.length && !model.list.keywordFields.length) return null;
  return (
    <Group gap="sm" mb="sm" align="flex-end" className="scp-search-bar">
      {model.list.keywordFields.length ? (
        <TextInput
          size="sm"
          label={t('renderers.keyword')}
          placeholder={t('renderers.keywordPlaceholder')}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && onSearch(keyword, cleanSearch(values))}
          data-search="keyword"
        />
      ) : null}
      {fields.map((s) => (
        <div key={s.prop} data-search-field={s.prop} style={{ minWidth: 160 }}>
          {/* the caption names its input (a range names its group; each bound has its own name) */}
          {isNumberRange(s) ? (
            <div id={`search_${s.prop}_caption`} style={{ fontSize: 14, marginBottom: 2 }}>{s.label}</div>
          ) : (
            <label htmlFor={`search_${s.prop}`} id={`search_${s.prop}_caption`} style={{ display: 'block', fontSize: 14, marginBottom: 2 }}>{s.label}</label>
          )}
          <SearchInput model={model} s={s} value={values[s.prop]} onChange={(v) => setValues((old) => ({ ...old, [s.prop]: v }))} />
        </div>
      ))}
      <Button size="sm" leftSection={<IconSearch size={14} />} onClick={() => onSearch(keyword, cleanSearch(values))} data-action="search">
        {t('renderers.search')}
      </Button>
      <Button
        size="sm"
        variant="default"
        leftSection={<IconRefresh size={14} />}
        onClick={() => {
          setKeyword('');
          setValues({});
          onSearch('', {});
        }}
        data-action="reset"
      >
        {t('renderers.reset')}
      </Button>
    </Group>
  );
}
