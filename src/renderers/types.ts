import type { ComponentType } from 'react';
import type { CompiledField } from '../runtime/model/compiled';
import type { FieldKind } from '../runtime/kinds';

/** Props of a kind's edit widget. The form item around it draws label, asterisk and error. */
export interface EditProps<K extends FieldKind = FieldKind> {
  field: CompiledField & { kind: K };
  value: unknown;
  onChange(value: unknown): void;
  onBlur?(): void;
  id: string;
  disabled: boolean;
  readOnly: boolean;
  error: boolean;
}

/** Props of a kind's read-only view (detail viewer) and of its list cell. */
export interface ViewProps<K extends FieldKind = FieldKind> {
  field: CompiledField & { kind: K };
  value: unknown;
  /** The whole record, for kinds that read a sibling (link text, related values). */
  record?: Record<string, unknown>;
}

export interface FieldRenderer<K extends FieldKind = FieldKind> {
  Edit: ComponentType<EditProps<K>>;
  View: ComponentType<ViewProps<K>>;
  Cell: ComponentType<ViewProps<K>>;
}

/** The registry: a renderer for every kind, so a kind without one is a compile error. */
export type FieldRegistry = { [K in FieldKind]: FieldRenderer<K> };
