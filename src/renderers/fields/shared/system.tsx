import { TextInput } from '@mantine/core';
import type { FieldKind } from '../../../runtime/kinds';
import { FormattedView, useFormatted } from '../../format';
import { useRT } from '../../i18n';
import type { EditProps, FieldRenderer } from '../../types';

/** System fields (created/modified by/at, current organisation/department/position): read-only, filled by the server. */
export function systemRenderer<K extends FieldKind>(_kind: K): FieldRenderer<K> {
  function Edit({ field, value, id }: EditProps<K>) {
    const t = useRT();
    return <TextInput id={id} value={useFormatted(field, value)} readOnly placeholder={t('renderers.systemFilled')} variant="filled" />;
  }
  return { Edit, View: FormattedView, Cell: FormattedView };
}
