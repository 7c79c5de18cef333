import type { EditProps, ViewProps } from '../types';
import { FormattedView, useFormatted } from '../format';
import { plainInputStyle, plainTextAttributes } from './shared/plain';

function Edit(props: EditProps<'textarea'>) {
  const { field, disabled, error } = props;
  const autoSize = field.props.autoSize as { minRows?: number } | undefined;
  return (
    <textarea {...plainTextAttributes(props)} rows={autoSize?.minRows ?? 3} style={plainInputStyle(error, disabled, true)} />
  );
}

const View = ({ field, value }: ViewProps<'textarea'>) => <span style={{ whiteSpace: 'pre-wrap' }}>{useFormatted(field, value)}</span>;

export const textareaRenderer = { Edit, View, Cell: FormattedView };
