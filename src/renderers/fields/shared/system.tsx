import { TextInput } from '@mantine/core';
import type { FieldKind } from '../../../runtime/model/kinds';
import { useRT } from '../../i18n';
import type { EditProps, FieldRenderer, ViewProps } from '../../types';
import { TextView, displayText } from './common';
import { formatDateValue } from './dates';

const TIME_KINDS: readonly FieldKind[] = ['createTime', 'modifyTime'];

function text(kind: FieldKind, value: unknown): string {
  return TIME_KINDS.includes(kind) ? formatDateValue(value, 'yyyy-MM-dd HH:mm:ss') : displayText(value);
}

/** System fields (created/modified by/at, current organisation/department/position): read-only, filled by the server. */
export function systemRenderer<K extends FieldKind>(kind: K): FieldRenderer<K> {
  function Edit({ value, id }: EditProps<K>) {
    const t = useRT();
    return <TextInput id={id} value={text(kind, value)} readOnly placeholder={t('renderers.systemFilled')} variant="filled" />;
  }
  const View = ({ value }: ViewProps<K>) => <span className="scp-view-text">{text(kind, value)}</span>;
  return { Edit, View, Cell: TIME_KINDS.includes(kind) ? View : (TextView as typeof View) };
}
