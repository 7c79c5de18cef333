import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { paramListOf, popupConfigOf } from '../../runtime/popup-select';
import { useDataProvider } from '../data/provider';
import type { EditProps } from '../types';
import { textValued } from './shared/common';
import { useSibling } from './popupSelect';

/** Suggestions asked at most this often while typing, and at most this many (JNPF's `total`, default 50). */
const DEBOUNCE_MS = 200;
const DEFAULT_TOTAL = 50;

/**
 * 下拉补全 (autoComplete): free text, with suggestions from a data interface — the relationField
 * of the rows whose text holds what was typed (the interface's own paged list call, with the
 * parameters the sibling fields give, as a popup select's). The stored value is the text itself.
 */
function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'autoComplete'>) {
  const provider = useDataProvider();
  const config = useMemo(() => popupConfigOf(field.props), [field.props]);
  const total = typeof field.props.total === 'number' && field.props.total > 0 ? Math.floor(field.props.total) : DEFAULT_TOTAL;
  const sibling = useSibling();
  const text = typeof value === 'string' ? value : '';
  const [keyword] = useDebouncedValue(text, DEBOUNCE_MS);
  const [options, setOptions] = useState<string[]>([]);
  const paramKey = JSON.stringify(paramListOf(config.templateJson, sibling));

  useEffect(() => {
    if (!config.interfaceId || !provider.interfaceList || disabled || readOnly) return;
    let live = true;
    const body = { keyword, currentPage: 1, pageSize: total, propsValue: config.propsValue, relationField: config.relationField, columnOptions: config.relationField, paramList: JSON.parse(paramKey) as unknown[] };
    provider.interfaceList(config.interfaceId, body).then(
      (page) => {
        if (!live) return;
        const seen = new Set<string>();
        for (const row of page.list) {
          const shown = row[config.relationField];
          if (shown !== null && shown !== undefined && shown !== '') seen.add(String(shown));
        }
        setOptions([...seen]);
      },
      // a failing interface leaves the box a plain text input: typing is never blocked
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [provider, config, keyword, total, paramKey, disabled, readOnly]);

  return (
    <Autocomplete
      id={id}
      data={options}
      value={text}
      onChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly}
      error={error}
      placeholder={typeof field.props.placeholder === 'string' ? field.props.placeholder : undefined}
      maxLength={typeof field.props.maxlength === 'number' ? field.props.maxlength : undefined}
      aria-label={field.label || undefined}
      data-field={field.key}
      filter={({ options: all }) => all}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export const autoCompleteRenderer = textValued(Edit);
