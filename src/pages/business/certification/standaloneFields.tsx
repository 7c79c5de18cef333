import { Input } from '@mantine/core';
import { areaSelectRenderer } from '../../../renderers/fields/areaSelect';
import { uploadImgRenderer } from '../../../renderers/fields/uploadImg';
import type { CompiledField } from '../../../runtime/model/compiled';
import type { FieldKind } from '../../../runtime/kinds';
import type { LicenceFile } from '../../../app/api/certification';

/** A form field of the platform's renderers used outside a model form (the certification's own form). */
function fieldOf<K extends FieldKind>(key: string, kind: K, label: string, props: Record<string, unknown>): CompiledField & { kind: K } {
  return {
    key, kind, sourceKey: kind, label, showLabel: true, stores: true, system: false, required: true, rules: [], visiblePc: true, noShow: false,
    disabled: false, readonly: false, defaultValue: null, options: null, props, permissionCode: key, placeholder: null, span: 24,
  };
}

interface Props<T> { label: string; value: T; onChange(value: T): void; disabled: boolean; testId: string }

/** The address picker (provinces → cities → districts); its value is the area ids from the province down. */
export function AreaField({ label, value, onChange, disabled, testId }: Props<string[]>) {
  const field = fieldOf('area', 'areaSelect', label, { level: 2, multiple: false });
  return (
    <Input.Wrapper label={label} required id="certification-area" data-testid={testId}>
      <areaSelectRenderer.Edit field={field} value={value.length ? value : null} id="certification-area" disabled={disabled} readOnly={disabled} error={false}
        onChange={(v) => onChange(Array.isArray(v) ? (v.flat(2) as unknown[]).map(String) : [])} />
    </Input.Wrapper>
  );
}

/** The business licence: one image through the platform's image upload (the server checks its content). */
export function LicenceField({ label, value, onChange, disabled, testId }: Props<LicenceFile | null>) {
  const field = fieldOf('licence', 'uploadImg', label, { limit: 1, fileSize: 10, sizeUnit: 'MB' });
  return (
    <Input.Wrapper label={label} required id="certification-licence" data-testid={testId}>
      <uploadImgRenderer.Edit field={field} value={value ? [value] : []} id="certification-licence" disabled={disabled} readOnly={disabled} error={false}
        onChange={(v) => {
          const first = Array.isArray(v) ? (v[0] as LicenceFile | undefined) : undefined;
          onChange(first ? { name: first.name, fileId: first.fileId, url: first.url ?? '' } : null);
        }} />
    </Input.Wrapper>
  );
}

/** The licence image read-only (the reviewer's view). */
export function LicenceView({ label, value }: { label: string; value: LicenceFile | null }) {
  const field = fieldOf('licence', 'uploadImg', label, { limit: 1 });
  return <uploadImgRenderer.View field={field} value={value ? [value] : []} />;
}
