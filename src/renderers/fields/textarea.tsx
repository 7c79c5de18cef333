import type { EditProps, ViewProps } from '../types';
import { FormattedView, useFormatted } from '../format';
import { PLAIN_INPUT_CLASS, PlainInputStyles, plainTextAttributes } from './shared/plain';

function Edit(props: EditProps<'textarea'>) {
  const autoSize = props.field.props.autoSize as { minRows?: number } | undefined;
  return (
    <>
      <PlainInputStyles />
      <textarea {...plainTextAttributes(props)} rows={autoSize?.minRows ?? 3} className={PLAIN_INPUT_CLASS} />
    </>
  );
}

const View = ({ field, value }: ViewProps<'textarea'>) => <span style={{ whiteSpace: 'pre-wrap' }}>{useFormatted(field, value)}</span>;

export const textareaRenderer = { Edit, View, Cell: FormattedView };
