import { Text } from '@mantine/core';
import type { ViewProps } from '../types';
import { displayOnly, propText } from './shared/common';

const View = ({ field }: ViewProps<'groupTitle'>) => (
  <Text fw={600} ta={field.props.contentPosition === 'center' ? 'center' : field.props.contentPosition === 'right' ? 'right' : 'left'} style={{ borderBottom: '1px solid #e9ecef', paddingBottom: 4 }} title={propText(field.props, 'helpMessage', 'tipLabel') || undefined}>
    {propText(field.props, 'content') || field.label}
  </Text>
);

export const groupTitleRenderer = displayOnly(View);
