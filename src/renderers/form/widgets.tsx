import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import type { CompiledField } from '../../runtime/model/compiled';
import { kindOf, type FieldKind } from '../../runtime/kinds';
import type { FieldRegistry } from '../types';

/** A compiled-field shape for a plain rjsf schema property (ui:widget = kind, ui:options = props). */
function fieldFor(kind: FieldKind, props: WidgetProps): CompiledField {
  return {
    key: props.name,
    kind,
    sourceKey: kind,
    label: props.label,
    showLabel: true,
    stores: kindOf(kind).stores,
    system: kindOf(kind).group === 'system',
    required: !!props.required,
    rules: [],
    visiblePc: true,
    noShow: false,
    disabled: !!props.disabled,
    readonly: !!props.readonly,
    defaultValue: undefined,
    options: props.options.enumOptions ? { from: 'static', options: props.options.enumOptions.map((o) => ({ label: o.label, value: o.value as string })), labelKey: 'label', valueKey: 'value', childrenKey: 'children' } : null,
    props: (props.options ?? {}) as Record<string, unknown>,
    permissionCode: props.name,
    placeholder: props.placeholder ?? null,
    span: 24,
  };
}

/**
 * The registry's edit widgets as rjsf widgets, keyed by kind, so a plain rjsf schema can use
 * `ui:widget: 'inputNumber'`. Model forms do not go through these: their root LayoutField
 * draws each field from the compiled model directly.
 */
export function rjsfWidgets(registry: FieldRegistry): RegistryWidgetsType {
  const widgets: RegistryWidgetsType = {};
  for (const kind of Object.keys(registry) as FieldKind[]) {
    const Edit = registry[kind].Edit as unknown as React.ComponentType<import('../types').EditProps>;
    widgets[kind] = (props: WidgetProps) => (
      <Edit field={fieldFor(kind, props)} value={props.value} onChange={props.onChange} onBlur={() => props.onBlur(props.id, props.value)} id={props.id} disabled={!!props.disabled} readOnly={!!props.readonly} error={!!props.rawErrors?.length} />
    );
  }
  return widgets;
}
