import { Alert } from '@mantine/core';
import type { ViewProps } from '../types';
import { displayOnly, propText } from './shared/common';

const COLORS: Record<string, string> = { success: 'green', warning: 'orange', info: 'gray', error: 'red' };

function View({ field }: ViewProps<'alert'>) {
  return (
    <Alert color={COLORS[String(field.props.type)] ?? 'blue'} title={propText(field.props, 'title')} withCloseButton={!!field.props.closable} p="xs">
      {propText(field.props, 'description')}
    </Alert>
  );
}

export const alertRenderer = displayOnly(View);
