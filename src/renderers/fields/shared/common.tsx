import type { ComponentType } from 'react';
import type { FieldKind } from '../../../runtime/model/kinds';
import type { EditProps, FieldRenderer, ViewProps } from '../../types';

/** Text of a stored value for views and cells: arrays joined, objects by their name or JSON. */
export function displayText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(displayText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return String(o.fullName ?? o.name ?? o.label ?? JSON.stringify(value));
  }
  return String(value);
}

export function TextView({ value }: ViewProps) {
  return <span className="scp-view-text">{displayText(value)}</span>;
}

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

/** A kind whose view and cell both show the value as text. */
export function textValued<K extends FieldKind>(Edit: ComponentType<EditProps<K>>): FieldRenderer<K> {
  return { Edit, View: TextView, Cell: TextView };
}

export function numberProp(props: Record<string, unknown>, key: string): number | undefined {
  const v = props[key];
  if (v === null || v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}
