import type { ComponentType } from 'react';
import type { FieldKind } from '../../../runtime/kinds';
import { FormattedView } from '../../format';
import type { EditProps, FieldRenderer, ViewProps } from '../../types';

export function Nothing() {
  return null;
}

/** A string prop of the kind (props first, then the descriptor's default value). */
export function propText(props: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) {
    const v = props[key];
    if (typeof v === 'string' && v) return v;
  }
  return '';
}

/** A kind whose edit widget is a view (display-only kinds draw the same in form and detail). */
export function displayOnly<K extends FieldKind>(View: ComponentType<ViewProps<K>>, Cell: ComponentType<ViewProps<K>> = Nothing): FieldRenderer<K> {
  const Edit = ({ field }: EditProps<K>) => <View field={field} value={undefined} />;
  return { Edit, View, Cell };
}

/** A kind whose view and cell both show the value as its kind formats it. */
export function textValued<K extends FieldKind>(Edit: ComponentType<EditProps<K>>): FieldRenderer<K> {
  return { Edit, View: FormattedView, Cell: FormattedView };
}

export function numberProp(props: Record<string, unknown>, key: string): number | undefined {
  const v = props[key];
  if (v === null || v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}
