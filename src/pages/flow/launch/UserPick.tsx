import { Input } from '@mantine/core';
import { useMemo } from 'react';
import { fieldRegistry, lookupRenderer } from '../../../renderers';
import type { CompiledField } from '../../../runtime/model/compiled';

/**
 * The platform's user picker (the renderers' userSelect, a dialog over the organisation tree)
 * outside a model form: a label, and one user id or a list of them. Render inside RenderersHost.
 */
export function UserPick({ id, label, value, onChange, multiple = false, error }: { id: string; label: string; value: string | string[] | null; onChange(value: string | string[] | null): void; multiple?: boolean; error?: string | null }) {
  const field = useMemo<CompiledField>(() => ({
    key: id, kind: 'userSelect', sourceKey: 'userSelect', label, showLabel: true, stores: true, system: false, required: false, rules: [], visiblePc: true, noShow: false,
    disabled: false, readonly: false, defaultValue: null, options: null, props: { multiple, selectType: 'all' }, permissionCode: id, placeholder: null, span: 24,
  }), [id, label, multiple]);
  const Edit = lookupRenderer(fieldRegistry, 'userSelect')!.Edit;
  return (
    <Input.Wrapper label={label} labelElement="label" id={id} error={error} data-testid={`user-pick-${id}`}>
      <Edit field={field as CompiledField & { kind: 'userSelect' }} value={value} onChange={(v: unknown) => onChange(v as string | string[] | null)} id={id} disabled={false} readOnly={false} error={!!error} />
    </Input.Wrapper>
  );
}
