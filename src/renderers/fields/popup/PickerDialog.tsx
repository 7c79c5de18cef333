import { ActionIcon, Button, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { forwardRef, useState, type KeyboardEvent } from 'react';
import { confirmSelection, openSelection, toggleRow, type PopupConfig, type PopupColumn, type Selection } from '../../../runtime/popup-select';
import type { Paged, RecordRow } from '../../data/provider';
import { Popup } from '../../detail/Popup';
import { useRT } from '../../i18n';
import { PickerTable } from './PickerTable';

export interface PickerInputProps {
  id: string;
  text: string;
  label: string;
  placeholder: string | null;
  disabled: boolean;
  readOnly: boolean;
  error: boolean;
  clearable: boolean;
  hasValue: boolean;
  popup: 'dialog' | 'listbox';
  onOpen(): void;
  onClear(): void;
  onBlur?(): void;
}

/** The field itself: the chosen rows' display text, opened by click, Enter, Space or Arrow Down; an optional clear button. */
export const PickerInput = forwardRef<HTMLInputElement, PickerInputProps>(function PickerInput(p, ref) {
  const t = useRT();
  const active = !p.disabled && !p.readOnly;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (active && (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown')) {
      e.preventDefault();
      p.onOpen();
    }
  };
  return (
    <TextInput
      ref={ref}
      id={p.id}
      value={p.text}
      readOnly
      disabled={p.disabled}
      error={p.error}
      placeholder={p.placeholder || t('popupSelect.placeholder')}
      aria-haspopup={p.popup}
      title={active ? t('popupSelect.open', { label: p.label }) : undefined}
      onClick={() => active && p.onOpen()}
      onKeyDown={onKeyDown}
      onBlur={p.onBlur}
      style={{ cursor: active ? 'pointer' : undefined }}
      data-popup-input
      rightSection={
        active && p.clearable && p.hasValue ? (
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('popupSelect.clear')} onClick={(e) => { e.stopPropagation(); p.onClear(); }} data-action="clear">
            <IconX size={14} />
          </ActionIcon>
        ) : null
      }
    />
  );
});

export interface PickerDialogProps {
  opened: boolean;
  config: PopupConfig;
  columns: PopupColumn[];
  value: unknown;
  load(keyword: string, currentPage: number, pageSize: number): Promise<Paged<RecordRow>>;
  rowId(row: RecordRow): string;
  pageSize: number;
  /** Confirmed: the value to store and the rows chosen (to show at once). */
  onConfirm(value: string | string[], rows: RecordRow[]): void;
  onClose(): void;
}

/**
 * The popup select's dialog or drawer (spec widgets 2.5, 4): opened with the stored value
 * chosen; confirm with no row does nothing; cancel (or ×, Escape) leaves the value as it was.
 */
export function PickerDialog({ opened, config, columns, value, load, rowId, pageSize, onConfirm, onClose }: PickerDialogProps) {
  const t = useRT();
  const title = config.popupTitle || t('popupSelect.title');
  return (
    <Popup popupType={config.popupType === 'drawer' ? 'drawer' : 'general'} width={config.popupWidth} title={title} opened={opened} onClose={onClose}>
      {opened ? <PickerBody config={config} columns={columns} value={value} load={load} rowId={rowId} pageSize={pageSize} onConfirm={onConfirm} onClose={onClose} title={title} /> : null}
    </Popup>
  );
}

function PickerBody({ config, columns, value, load, rowId, pageSize, onConfirm, onClose, title }: Omit<PickerDialogProps, 'opened'> & { title: string }) {
  const t = useRT();
  // mounted on each opening: the selection starts from the stored value
  const [selection, setSelection] = useState<Selection>(() => openSelection(value, config.multiple));
  const [seen] = useState(() => new Map<string, RecordRow>());
  const toggle = (row: RecordRow) => {
    seen.set(rowId(row), row);
    setSelection((s) => toggleRow(s, rowId(row), config.multiple));
  };
  const confirm = () => {
    const result = confirmSelection(selection, config.multiple);
    if (!result) return;
    onConfirm(result.value, selection.ids.map((id) => seen.get(id)).filter((r): r is RecordRow => !!r));
  };
  return (
    <>
      <PickerTable load={load} columns={columns} rowId={rowId} multiple={config.multiple} chosen={selection.ids} onToggle={toggle} pageSize={pageSize} hasPage={config.hasPage} label={title} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>
        <Button variant="default" onClick={onClose} data-action="cancel">{t('popupSelect.cancel')}</Button>
        <Button onClick={confirm} aria-disabled={!selection.ids.length} data-action="confirm">{t('popupSelect.confirm')}</Button>
      </div>
    </>
  );
}
