import { Text } from '@mantine/core';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { codeSource, codeText } from '../../../runtime/scan-codes';
import { useOwnerModel } from '../../format';
import { FormScopeContext } from '../../form/FormItem';

/** A sibling field's value: live from the form's store while editing, else from the shown record. */
function useSibling(key: string, record?: Record<string, unknown>): unknown {
  const scope = useContext(FormScopeContext);
  const store = record ? null : (scope?.store ?? null);
  const subscribe = useCallback((listener: () => void) => (store && key ? store.subscribe(key, listener) : () => undefined), [store, key]);
  const read = () => (store ? store.getValue(key) : record?.[key]);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * The text a barcode or QR code draws (spec widgets 3 "Barcode props", "QR props"): static text,
 * the related field's value (following the form as it is edited), or for a QR code the record's
 * dynamic form-data payload (no flows in this product: flow, process and task ids are empty).
 * `waiting`: the dynamic payload of a record not saved yet.
 */
export function useCodeText(props: Record<string, unknown>, record?: Record<string, unknown>): { text: string; waiting: boolean } {
  const scope = useContext(FormScopeContext);
  const owner = useOwnerModel();
  const source = codeSource(props);
  const related = useSibling(source === 'relation' && typeof props.relationField === 'string' ? props.relationField : '', record);
  const id = useSibling(source === 'form' ? 'id' : '', record);
  const modelId = scope?.model.id ?? owner?.id ?? '';
  const recordId = typeof id === 'string' || typeof id === 'number' ? String(id) : '';
  const dynamic = recordId ? { recordId, modelId, modelType: 1, opType: '' } : null;
  const text = codeText(props, () => related, dynamic);
  return { text, waiting: source === 'form' && !recordId };
}

/** Our own SVG markup (built from escaped text by src/runtime/scan-codes.ts), or a quiet note. */
export function CodeImage({ svg, note, kind }: { svg: string; note: string; kind: 'barcode' | 'qrcode' }) {
  if (!svg) return note ? <Text size="xs" c="dimmed" data-code-note={kind}>{note}</Text> : null;
  return <span className={`scp-${kind}-box`} style={{ display: 'inline-block', maxWidth: '100%', overflow: 'auto' }} data-code={kind} dangerouslySetInnerHTML={{ __html: svg }} />;
}
