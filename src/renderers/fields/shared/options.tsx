import { useMemo, type ComponentType } from 'react';
import type { FieldKind } from '../../../runtime/kinds';
import { LazyBox, useActivation } from './plain';
import type { OptionItem } from '../../../runtime/model/compiled';
import { useOptions } from '../../data/hooks';
import { useFormatted } from '../../format';
import type { EditProps } from '../../types';

/** Select data for Mantine (string values) and a way back to the option's own value type. */
export function useSelectData(field: EditProps['field']) {
  const { options, loading } = useOptions(field.options);
  return useMemo(() => {
    const byString = new Map<string, OptionItem['value']>();
    const walk = (items: OptionItem[]) => items.forEach((o) => (byString.set(String(o.value), o.value), o.children && walk(o.children)));
    walk(options);
    // A flat widget over a tree source (a tree dictionary in a select) offers every node, labelled with its path.
    const data = flattenOptions(options).map((o) => ({ value: String(o.value), label: o.label, disabled: o.disabled }));
    return { options, data, loading, back: (s: string) => (byString.has(s) ? byString.get(s)! : s) };
  }, [options, loading]);
}

/** Every node of an option tree, depth first, with 'parent / child' labels. */
export function flattenOptions(options: OptionItem[], prefix = ''): OptionItem[] {
  return options.flatMap((o) => {
    const label = prefix ? `${prefix} / ${o.label}` : o.label;
    return [{ ...o, label, children: undefined }, ...(o.children ? flattenOptions(o.children, label) : [])];
  });
}

/**
 * An option widget that mounts its Mantine combobox on first use (focus or pointer down):
 * until then a plain box shows the chosen labels. Mantine's comboboxes set up floating
 * positioning on mount, which costs ~15 ms each; a form of 200 selects would take seconds.
 */
export function lazyOptions<K extends FieldKind>(Active: ComponentType<EditProps<K> & { autoOpen: boolean }>): ComponentType<EditProps<K>> {
  return function LazyOptions(props: EditProps<K>) {
    const [active, activate] = useActivation();
    const text = useFormatted(props.field, props.value);
    if (!active) return <LazyBox id={props.id} text={text} placeholder={props.field.placeholder} disabled={props.disabled || props.readOnly} error={props.error} onActivate={activate} />;
    return <Active {...props} autoOpen />;
  };
}
