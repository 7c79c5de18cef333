import { TextInput } from '@mantine/core';
import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { billRuleExample } from '../../runtime/bill-number';
import { FormScopeContext } from '../form/FormItem';
import { FormattedView } from '../format';
import { useRT } from '../i18n';
import type { EditProps, FieldRenderer } from '../types';

const PARTS = ['prefix', 'dateFormat', 'digit', 'startNumber'] as const;
type Preview = Partial<Record<(typeof PARTS)[number], string>>;

function previewOf(props: Record<string, unknown>): Preview | null {
  const p = props.preview;
  if (!p || typeof p !== 'object') return null;
  const out: Preview = {};
  for (const part of PARTS) {
    const key = (p as Record<string, unknown>)[part];
    if (typeof key === 'string' && key) out[part] = key;
  }
  return out;
}

/**
 * The rule form's live example: subscribed to the four sibling fields it names, so it is
 * recomputed whenever one of them changes (and only then). Outside a form it shows nothing.
 */
function useExample(preview: Preview | null): string | null {
  const scope = useContext(FormScopeContext);
  const store = scope?.store ?? null;
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!store || !preview) return () => undefined;
      const stops = Object.values(preview).map((key) => store.subscribe(key, listener));
      return () => stops.forEach((stop) => stop());
    },
    [store, preview],
  );
  const read = () => {
    if (!store || !preview) return null;
    const value = (part: keyof Preview) => (preview[part] ? store.getValue(preview[part]!) : undefined);
    return billRuleExample({ prefix: value('prefix'), dateFormat: value('dateFormat'), digit: value('digit'), startNumber: value('startNumber') }, Date.now());
  };
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * 单据组件. The number is the server's: before the first save the field says it will be filled
 * in by the system, afterwards it shows the number; the user never types it. In the rule form
 * (`preview`), it shows the example number of the values being typed.
 */
function Edit({ field, value, id }: EditProps<'billRule'>) {
  const t = useRT();
  const preview = useMemo(() => previewOf(field.props), [field.props]);
  const example = useExample(preview);
  const shown = preview ? (example ?? '') : typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return (
    <TextInput
      id={id}
      value={shown}
      readOnly
      variant="filled"
      placeholder={preview ? '' : field.placeholder || t('renderers.systemFilled')}
      data-bill-number={preview ? 'example' : shown ? 'number' : 'pending'}
    />
  );
}

export const billRuleRenderer: FieldRenderer<'billRule'> = { Edit, View: FormattedView, Cell: FormattedView };
