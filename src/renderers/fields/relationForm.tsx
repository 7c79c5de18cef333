import { Anchor, Loader } from '@mantine/core';
import { lazy, Suspense, useContext, useMemo, useState } from 'react';
import { displayText, pageSizeOf, popupConfigOf, relationReady, tableColumns, valueIds, type PopupConfig } from '../../runtime/popup-select';
import type { CompiledField } from '../../runtime/model/compiled';
import { useLookupBatcher, useLookupRows, type LookupSource } from '../data/popup-lookup';
import { useDataProvider, type RecordRow } from '../data/provider';
import { FormScopeContext } from '../form/FormItem';
import { useOwnerModel } from '../format';
import { useRT } from '../i18n';
import type { EditProps, FieldRenderer, ViewProps } from '../types';
import { PickerDialog, PickerInput } from './popup/PickerDialog';

const NestedDetail = lazy(() => import('./popup/NestedDetail'));

/** The model whose form holds the field: the form's, else the list's or detail's. */
export function useHolderModelId(): string | null {
  const scope = useContext(FormScopeContext);
  const owner = useOwnerModel();
  return scope?.model.id ?? owner?.id ?? null;
}

/** Where a related form's records come from: the holder model's field (spec 4: only when model and shown field are set). */
export function relationSource(config: PopupConfig, holder: string | null, key: string): LookupSource | null {
  return holder && relationReady(config) ? { kind: 'relation', modelId: holder, field: key } : null;
}

function useRelation(field: CompiledField, value: unknown) {
  const config = useMemo(() => popupConfigOf(field.props, true), [field.props]);
  const holder = useHolderModelId();
  const source = relationSource(config, holder, field.key);
  const ids = valueIds(value).slice(0, 1);
  const { rows, pending } = useLookupRows(source, ids);
  return { config, holder, source, ids, pending, text: displayText(ids, rows, config.relationField) };
}

/** The shown text; a link to the record's read-only detail when there is one (nested details work the same way). */
function RecordLink({ modelId, recordId, text }: { modelId: string; recordId: string; text: string }) {
  const t = useRT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Anchor component="button" type="button" onClick={() => setOpen(true)} aria-label={t('popupSelect.viewRecord', { text })} data-relation-link={recordId}>
        {text}
      </Anchor>
      {open ? (
        <Suspense fallback={<Loader size="xs" />}>
          <NestedDetail modelId={modelId} recordId={recordId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function View({ field, value }: ViewProps<'relationForm'>) {
  const r = useRelation(field, value);
  if (r.pending) return <Loader size="xs" />;
  if (!r.text || !r.config.modelId) return <span className="scp-view-text" />;
  return <RecordLink modelId={r.config.modelId} recordId={r.ids[0]!} text={r.text} />;
}

function Cell({ field, value }: ViewProps<'relationForm'>) {
  const r = useRelation(field, value);
  return <span className="scp-view-text" data-popup-text>{r.text}</span>;
}

function Edit({ field, value, onChange, onBlur, id, disabled, readOnly, error }: EditProps<'relationForm'>) {
  const provider = useDataProvider();
  const batcher = useLookupBatcher();
  const [opened, setOpened] = useState(false);
  const r = useRelation(field, value);
  // spec 2.5: a disabled field with a value opens the record's detail
  if (disabled && r.text && r.config.modelId) return <RecordLink modelId={r.config.modelId} recordId={r.ids[0]!} text={r.text} />;
  const source = r.source;
  const load = (keyword: string, currentPage: number, pageSize: number) =>
    source && source.kind === 'relation' && provider.relationList
      ? provider.relationList(source.modelId, source.field, { keyword, currentPage, pageSize })
      : Promise.resolve({ list: [], pagination: { currentPage, pageSize, total: 0 } });
  return (
    <>
      <PickerInput id={id} text={r.text} label={field.label} placeholder={field.placeholder} disabled={disabled} readOnly={readOnly} error={error}
        clearable={field.props.clearable !== false} hasValue={r.ids.length > 0} popup="dialog" onOpen={() => setOpened(true)} onClear={() => onChange('')} onBlur={onBlur} />
      <PickerDialog opened={opened} config={r.config} columns={tableColumns(r.config)} value={value} load={load} rowId={(row: RecordRow) => String(row.id ?? '')} pageSize={pageSizeOf(r.config)}
        onConfirm={(v, rows) => { if (source) batcher.remember(source, rows); onChange(v); setOpened(false); }} onClose={() => setOpened(false)} />
    </>
  );
}

export const relationFormRenderer: FieldRenderer<'relationForm'> = { Edit, View, Cell };
