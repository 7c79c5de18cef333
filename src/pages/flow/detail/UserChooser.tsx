import { Input } from '@mantine/core';
import { useId, useMemo } from 'react';
import { fieldRegistry } from '../../../renderers';
import type { CompiledField } from '../../../runtime/model/compiled';

/** A user field as the model forms define one: the picker renderer draws its dialog and names from it. */
function userField(multiple: boolean, label: string): CompiledField {
  return {
    key: multiple ? 'flowUsers' : 'flowUser', kind: 'userSelect', sourceKey: 'userSelect', label, showLabel: true, stores: true, system: false, required: true, rules: [],
    visiblePc: true, noShow: false, disabled: false, readonly: false, defaultValue: multiple ? [] : null, options: null,
    props: { multiple, selectType: 'all', clearable: true }, permissionCode: 'flowUser', placeholder: null, span: 24,
  };
}

export interface UserChooserProps {
  label: string;
  multiple: boolean;
  value: string | string[] | null;
  onChange(value: string | string[] | null): void;
  error?: string | null;
}

/**
 * The platform's user picker (src/renderers/fields/shared/pickers) outside a model form: the
 * same dialog with its organisation tree and search. Render inside RenderersHost.
 */
export function UserChooser({ label, multiple, value, onChange, error }: UserChooserProps) {
  const id = useId();
  const field = useMemo(() => userField(multiple, label), [multiple, label]);
  const { Edit } = fieldRegistry.userSelect;
  return (
    <Input.Wrapper label={label} labelProps={{ htmlFor: id }} required error={error} data-testid={multiple ? 'flow-users' : 'flow-user'}>
      <Edit field={field as CompiledField & { kind: 'userSelect' }} value={value} onChange={(v) => onChange(v as string | string[] | null)} id={id} disabled={false} readOnly={false} error={!!error} />
    </Input.Wrapper>
  );
}
