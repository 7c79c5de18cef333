import { Divider } from '@mantine/core';
import type { ViewProps } from '../types';
import { displayOnly, propText } from './shared/common';

function labelOf(props: Record<string, unknown>): string {
  const slot = props.__slot__ as { default?: unknown } | undefined;
  return propText(props, 'content') || (typeof slot?.default === 'string' ? slot.default : '');
}

const View = ({ field }: ViewProps<'divider'>) => (
  <Divider label={labelOf(field.props) || undefined} labelPosition={field.props.contentPosition === 'left' ? 'left' : field.props.contentPosition === 'right' ? 'right' : 'center'} />
);

export const dividerRenderer = displayOnly(View);
