import { Popover } from '@mantine/core';
import { useContext, useMemo, useState } from 'react';
import {
  cellText, displayText, pageSizeOf, paramListOf, popupConfigOf, POPUP_TABLE_HEIGHT, POPUP_TABLE_WIDTH, tableColumns, toggleRow, valueIds, type PopupConfig,
} from '../../runtime/popup-select';
import type { CompiledField } from '../../runtime/model/compiled';
import { useLookupBatcher, useLookupRows, type LookupSource } from '../data/popup-lookup';
import { useDataProvider, type RecordRow } from '../data/provider';
import { FormScopeContext } from '../form/FormItem';
import { useRT } from '../i18n';
import type { EditProps, FieldRenderer, ViewProps } from '../types';
import { PickerDialog, PickerInput } from './popup/PickerDialog';
import { PickerTable } from './popup/PickerTable';

/** Where a popup's rows come from: its interface with the parameters its sibling fields give. */
export function interfaceSource(config: PopupConfig, sibling: (key: string) => unknown): LookupSource | null {
  if (!config.interfaceId) return null;
  return { kind: 'interface', interfaceId: config.interfaceId, propsValue: config.propsValue, relationField: config.relationField, paramList: paramListOf(config.templateJson, sibling) };
}

/** A sibling's value: the form's store while editing, else the shown record. */
export function useSibling(record?: Record<string, unknown>): (key: string) => unknown {
  const scope = useContext(FormScopeContext);
  return (key) => (record ? record[key] : scope?.store.getValue(key));
}

/** The display text of a popup value (relationField of its rows, one batched lookup per source). */
function usePopupText(field: CompiledField, value: unknown, record?: Record<string, unknown>) {
  const config = useMemo(() => popupConfigOf(field.props), [field.props]);
  const sibling = useSibling(record);
  const source = interfaceSource(config, sibling);
  const ids = valueIds(value);
  const { rows } = useLookupRows(source, ids);
  return { config, source, ids, text: displayText(ids, rows, config.relationField) };
}

function View({ field, value, record }: ViewProps<'popupSelect' | 'popupTableSelect'>) {
  const { text } = usePopupText(field, value, record);
  return <span className="scp-view-text" data-popup-text>{text}</span>;
}

function usePicker(field: CompiledField, value: unknown, onChange: (v: unknown) => void) {
  const provider = useDataProvider();
  const batcher = useLookupBatcher();
  const { config, source, ids, text } = usePopupText(field, value);
  const pageSize = pageSizeOf(config);
  const load = (keyword: string, currentPage: number, size: number) =>
    source && provider.interfaceList
      ? provider.interfaceList(source.kind === 'interface' ? source.interfaceId : '', {
          keyword, currentPage, pageSize: size, propsValue: config.propsValue, relationField: config.relationField,
          columnOptions: config.columnOptions.map((c) => c.value).join(','), paramList: source.kind === 'interface' ? source.paramList : [],
        })
      : Promise.resolve({ list: [], pagination: { currentPage, pageSize: size, total: 0 } });
  const rowId = (row: RecordRow) => cellText(row[config.propsValue]);
  const choose = (next: string | string[], rows: RecordRow[]) => {
    if (source) batcher.remember(source, rows);
    onChange(next);
  };
  const clear = () => onChange(config.multiple ? [] : '');
  return { config, ids, text, pageSize, load, rowId, choose, clear, columns: tableColumns(config) };
}

function PopupEdit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'popupSelect'>) {
  const [opened, setOpened] = useState(false);
  const p = usePicker(field, value, onChange);
  return (
    <>
      <PickerInput id={id} text={p.text} label={field.label} placeholder={field.placeholder} disabled={disabled} readOnly={readOnly} error={error}
        clearable={field.props.clearable !== false} hasValue={p.ids.length > 0} popup="dialog" onOpen={() => setOpened(true)} onClear={p.clear} onBlur={onBlur} />
      <PickerDialog opened={opened} config={p.config} columns={p.columns} value={value} load={p.load} rowId={p.rowId} pageSize={p.pageSize}
        onConfirm={(v, rows) => { p.choose(v, rows); setOpened(false); }} onClose={() => setOpened(false)} />
    </>
  );
}

/** 下拉表格: the same rows in a table under the input (700 × 300); a single pick closes it, multiple picks toggle rows. */
function PopupTableEdit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'popupTableSelect'>) {
  const t = useRT();
  const [opened, setOpened] = useState(false);
  const p = usePicker(field, value, onChange);
  const toggle = (row: RecordRow) => {
    const next = toggleRow({ ids: p.ids }, p.rowId(row), p.config.multiple).ids;
    p.choose(p.config.multiple ? next : next[0]!, [row]);
    if (!p.config.multiple) setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} width={POPUP_TABLE_WIDTH} position="bottom-start" trapFocus returnFocus closeOnEscape>
      <Popover.Target>
        <div>
          <PickerInput id={id} text={p.text} label={field.label} placeholder={field.placeholder} disabled={disabled} readOnly={readOnly} error={error}
            clearable={field.props.clearable !== false} hasValue={p.ids.length > 0} popup="listbox" onOpen={() => setOpened(true)} onClear={p.clear} onBlur={onBlur} />
        </div>
      </Popover.Target>
      <Popover.Dropdown data-popup-table>
        {opened ? (
          <PickerTable load={p.load} columns={p.columns} rowId={p.rowId} multiple={p.config.multiple} chosen={p.ids} onToggle={toggle} pageSize={p.pageSize}
            hasPage={p.config.hasPage} height={POPUP_TABLE_HEIGHT} label={p.config.popupTitle || t('popupSelect.title')} />
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}

export const popupSelectRenderer: FieldRenderer<'popupSelect'> = { Edit: PopupEdit, View, Cell: View };
export const popupTableSelectRenderer: FieldRenderer<'popupTableSelect'> = { Edit: PopupTableEdit, View, Cell: View };
