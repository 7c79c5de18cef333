import { CloseButton, Pill, PillsInput } from '@mantine/core';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { kindOf, type FieldKind } from '../../../../runtime/kinds';
import type { MessageKey, MessageParams } from '../../../../runtime/i18n';
import type { DataProvider } from '../../../data/provider';
import { useDataProvider } from '../../../data/provider';
import { useRT } from '../../../i18n';
import type { EditProps, FieldRenderer } from '../../../types';
import { PickerDialog } from './PickerDialog';
import { cancelDialog, closedDialog, confirmDialog, openDialog as opened, pick, removeItem, valueOf, type DialogState, type PickedItem } from './selection';
import { PickerNames, useNamedFormatContext } from './useNames';

/** What the left pane of a picker needs: the draft, and how to add to it. */
export interface LeftPaneProps {
  data: DataProvider;
  props: Record<string, unknown>;
  multiple: boolean;
  draft: readonly PickedItem[];
  /** Adds (or, single, sets) an item; a string refuses the pick with that message. */
  onPick(item: PickedItem): void;
  refuse(message: string): void;
  keyword: string;
  tab: string;
  /** What `PickerConfig.prefetch` started when the field was pressed (its first page, in flight or answered). */
  prefetched?: unknown;
}

export interface PickerConfig {
  titleKey: MessageKey;
  /** Stored values are paths of ids (organisations, areas): one path, or a list when multiple. */
  paths?: boolean;
  /** The left pane (a tree or a paged list) for the current keyword and tab. */
  Left(props: LeftPaneProps): ReactNode;
  /** Tabs above the left pane (fixed, or by the field's props: the user picker's 系统变量 only when enabled). */
  tabs?: { value: string; labelKey: MessageKey }[] | ((props: Record<string, unknown>) => { value: string; labelKey: MessageKey }[] | undefined);
  /** No search box (a tree small enough to scan). */
  noSearch?: boolean;
  /** Multiple unless the kind's props say single. */
  multiple?(props: Record<string, unknown>): boolean;
  /**
   * Starts the first page's calls when the field is pressed, so they run while the dialog mounts
   * instead of after it (the user picker's first page, bench/pickers-browser.ts).
   */
  prefetch?(data: DataProvider, props: Record<string, unknown>): unknown;
  /** A variant's dialog: its width, and whether the '已选' pane is left out (the person picker, 450 px). */
  dialog?(props: Record<string, unknown>): { width?: number; noSelectedPane?: boolean } | undefined;
  /** Why a confirm is refused (the person picker without a choice); null lets it through. */
  confirmError?(draft: readonly PickedItem[], props: Record<string, unknown>): { key: MessageKey; params?: MessageParams } | null;
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The stored value as picked items, named by the format context (the reply's refs, then the batcher). */
function useItemsOf(field: EditProps['field'], value: unknown, paths: boolean, multiple: boolean): PickedItem[] {
  const ctx = useNamedFormatContext(field, value);
  const ref = kindOf(field.kind).refs;
  return useMemo(() => {
    if (isBlank(value) || !ref) return [];
    const name = (id: string) => ctx.refName(ref, id) || id;
    if (paths) {
      const list = (multiple ? (value as unknown[]) : [value]).filter(Array.isArray) as string[][];
      return list.map((p) => ({ key: p.join('/'), value: p, label: p.map(name).join('/') }));
    }
    const ids = (Array.isArray(value) ? value : [value]).map(String);
    return ids.map((id) => ({ key: id, value: id, label: name(id) }));
  }, [ctx, ref, value, paths, multiple]);
}

function PickerEdit({ field, value, onChange, onBlur, id, disabled, readOnly, error, config }: EditProps & { config: PickerConfig }) {
  const t = useRT();
  const data = useDataProvider();
  const multiple = config.multiple ? config.multiple(field.props) : field.props.multiple === true;
  const items = useItemsOf(field, value, !!config.paths, multiple);
  const [dialog, setDialog] = useState<DialogState>(() => closedDialog());
  const { open, draft, keyword } = dialog;
  const setDraft = (next: readonly PickedItem[] | ((d: readonly PickedItem[]) => readonly PickedItem[])) =>
    setDialog((s) => ({ ...s, draft: typeof next === 'function' ? next(s.draft) : next }));
  const setKeyword = (k: string) => setDialog((s) => ({ ...s, keyword: k }));
  const variant = config.dialog?.(field.props);
  const tabs = typeof config.tabs === 'function' ? config.tabs(field.props) : config.tabs;
  const [tab, setTab] = useState(tabs?.[0]?.value ?? '');
  const [notice, setNotice] = useState<string | null>(null);
  const empty = config.paths ? [] : null;
  const title = t(config.titleKey);
  const locked = disabled || readOnly;
  // Started on pointerdown (before the click) or on opening; dropped when the dialog closes.
  const prefetched = useRef<unknown>(undefined);
  const startPrefetch = () => {
    if (!locked && config.prefetch && prefetched.current === undefined) prefetched.current = config.prefetch(data, field.props);
  };

  const openDialog = () => {
    if (locked) return;
    startPrefetch();
    setDialog((s) => opened(s, items)); // preloaded from the value; keyword reset
    setNotice(null);
    setTab(tabs?.[0]?.value ?? '');
  };
  const emit = (next: readonly PickedItem[]) => onChange(valueOf(next, { multiple }, empty));
  const confirm = () => {
    const refused = config.confirmError?.(draft, field.props);
    if (refused) return setNotice(t(refused.key, refused.params));
    emit(draft);
    prefetched.current = undefined;
    setDialog(confirmDialog);
    onBlur?.();
  };

  return (
    <>
      <PillsInput
        id={id} // Mantine gives this id to the field inside, which the form item's label names
        error={error}
        disabled={disabled}
        pointer={!locked}
        onClick={openDialog}
        onPointerDown={startPrefetch}
        rightSection={!locked && field.props.clearable !== false && items.length ? <CloseButton size="sm" aria-label={t('pickers.clearValue')} onClick={(e) => { e.stopPropagation(); emit([]); }} /> : null}
        data-picker-field={field.kind}
      >
        <Pill.Group>
          {items.map((item) => (
            // removing a tag edits the selection and confirms at once (widgets spec 4)
            <Pill key={item.key} withRemoveButton={!locked && multiple} onRemove={() => emit(removeItem(items, item.key))} removeButtonProps={{ 'aria-label': t('pickers.remove', { name: item.label }) }}>
              {item.label}
            </Pill>
          ))}
          <PillsInput.Field
            readOnly
            disabled={disabled}
            placeholder={items.length ? undefined : (field.placeholder ?? undefined)}
            aria-haspopup="dialog"
            aria-description={t('pickers.open', { title })}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
                e.preventDefault();
                openDialog();
              }
            }}
          />
        </Pill.Group>
      </PillsInput>
      {open ? (
        <PickerDialog
          title={title}
          opened={open}
          width={variant?.width}
          noSelectedPane={variant?.noSelectedPane}
          draft={draft}
          onRemove={(key) => setDraft(removeItem(draft, key))}
          onClearAll={() => setDraft([])}
          onCancel={() => {
            prefetched.current = undefined;
            setDialog(cancelDialog); // cancel keeps the value as it was
          }}
          onConfirm={confirm}
          onSearch={config.noSearch ? undefined : setKeyword}
          tabs={tabs?.map((tb) => ({ value: tb.value, label: t(tb.labelKey) }))}
          tab={tab}
          onTab={(next) => {
            setTab(next);
            setKeyword('');
          }}
          notice={notice}
        >
          <config.Left
            data={data}
            props={field.props}
            multiple={multiple}
            draft={draft}
            keyword={keyword}
            tab={tab}
            prefetched={prefetched.current}
            refuse={setNotice}
            onPick={(item) => {
              setNotice(null);
              setDraft((d) => pick(d, item, { multiple }));
            }}
          />
        </PickerDialog>
      ) : null}
    </>
  );
}

/** A picker kind's renderer: the dialog-backed edit widget, and names in its view and list cell. */
export function pickerRenderer<K extends FieldKind>(config: PickerConfig): FieldRenderer<K> {
  const Edit = (props: EditProps<K>) => <PickerEdit {...(props as unknown as EditProps)} config={config} />;
  return { Edit, View: PickerNames, Cell: PickerNames };
}

/** The ids a custom-mode picker is limited to (selectType 'custom' with ableIds). */
export function ableIdsOf(props: Record<string, unknown>): string[] | undefined {
  if (props.selectType !== 'custom') return undefined;
  const ids = props.ableIds;
  return Array.isArray(ids) ? ids.flat(2).map(String).filter(Boolean) : [];
}
