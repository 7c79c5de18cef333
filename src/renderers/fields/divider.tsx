import { Divider } from '@mantine/core';
import type { ViewProps } from '../types';
import { displayOnly, propText } from './shared/common';

function labelOf(props: Record<string, unknown>): string {
  const slot = props.__slot__ as { default?: unknown } | undefined;
  return propText(props, 'content') || (typeof slot?.default === 'string' ? slot.default : '');
}

// Mantine's dimmed label colour fails WCAG contrast (axe: color-contrast) on white: a darker grey reads.
const LABEL_STYLES = { label: { color: 'var(--mantine-color-gray-7)' } };

const View = ({ field }: ViewProps<'divider'>) => (
  <Divider label={labelOf(field.props) || undefined} labelPosition={field.props.contentPosition === 'left' ? 'left' : field.props.contentPosition === 'right' ? 'right' : 'center'} styles={LABEL_STYLES} />
);

export const dividerRenderer = displayOnly(View);
