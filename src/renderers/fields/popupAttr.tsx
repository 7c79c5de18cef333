import { TextInput } from '@mantine/core';
import { useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { cellText, popupConfigOf, valueIds } from '../../runtime/popup-select';
import type { CompiledModel } from '../../runtime/model/compiled';
import { useLookupRows, type LookupSource } from '../data/popup-lookup';
import { FormScopeContext } from '../form/FormItem';
import { useOwnerModel } from '../format';
import type { EditProps, FieldRenderer, ViewProps } from '../types';
import { interfaceSource } from './popupSelect';
import { relationSource } from './relationForm';

/** The value of the field the attribute reads (relationField): live from the form's store, else from the shown record. */
function useTargetValue(key: string, record?: Record<string, unknown>): unknown {
  const scope = useContext(FormScopeContext);
  const store = record ? null : (scope?.store ?? null);
  const subscribe = useCallback((listener: () => void) => (store ? store.subscribe(key, listener) : () => undefined), [store, key]);
  const read = () => (store ? store.getValue(key) : record?.[key]);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * showField of the row (popupAttr) or record (relationFormAttr) the named field chose: the same
 * batched lookup as that field's own text, so an attribute beside it adds no request.
 */
function useAttribute(props: Record<string, unknown>, record?: Record<string, unknown>): { text: string; ready: boolean } {
  const scope = useContext(FormScopeContext);
  const owner = useOwnerModel();
  const model: CompiledModel | null = scope?.model ?? owner;
  const key = typeof props.relationField === 'string' ? props.relationField : '';
  const showField = typeof props.showField === 'string' ? props.showField : '';
  const target = key ? model?.form.fields[key] : undefined;
  const value = useTargetValue(key, record);
  const values = scope?.store;
  const source: LookupSource | null = useMemo(() => {
    if (!target || !model) return null;
    if (target.kind === 'relationForm') return relationSource(popupConfigOf(target.props, true), model.id, target.key);
    if (target.kind === 'popupSelect' || target.kind === 'popupTableSelect') return interfaceSource(popupConfigOf(target.props), (k) => (record ? record[k] : values?.getValue(k)));
    return null;
  }, [target, model, record, values]);
  const ids = valueIds(value).slice(0, 1);
  const { rows, pending } = useLookupRows(source, ids);
  const row = ids.length ? rows.get(ids[0]!) : undefined;
  return { text: row && showField ? cellText(row[showField]) : '', ready: !pending };
}

function View({ field, record, value }: ViewProps<'popupAttr' | 'relationFormAttr'>) {
  const { text } = useAttribute(field.props, record ?? {});
  // isStorage 2 keeps the value in the record: shown as saved when nothing is looked up
  return <span className="scp-view-text" data-attr-text>{text || (field.stores ? cellText(value) : '')}</span>;
}

function Edit({ field, value, onChange, id }: EditProps<'popupAttr' | 'relationFormAttr'>) {
  const { text, ready } = useAttribute(field.props);
  // isStorage 2: the shown value is saved with the record, kept in step with the chosen record
  useEffect(() => {
    if (field.stores && ready && cellText(value) !== text) onChange(text === '' ? null : text);
  }, [field.stores, ready, text, value, onChange]);
  return <TextInput id={id} value={text} readOnly variant="filled" data-attr-text />;
}

export const popupAttrRenderer: FieldRenderer<'popupAttr'> = { Edit, View, Cell: View };
export const relationFormAttrRenderer: FieldRenderer<'relationFormAttr'> = { Edit, View, Cell: View };
