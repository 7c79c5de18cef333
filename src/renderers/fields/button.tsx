import { Button, Group } from '@mantine/core';
import type { ViewProps } from '../types';
import { displayOnly, propText } from './shared/common';

const COLORS: Record<string, string> = { primary: 'blue', success: 'green', warning: 'orange', danger: 'red', info: 'gray' };

function View({ field }: ViewProps<'button'>) {
  const align = field.props.align === 'right' ? 'flex-end' : field.props.align === 'center' ? 'center' : 'flex-start';
  return (
    <Group justify={align}>
      <Button size="xs" color={COLORS[String(field.props.type)] ?? 'blue'} variant={field.props.type ? 'filled' : 'default'} disabled={!!field.props.disabled}>
        {propText(field.props, 'buttonText') || field.label}
      </Button>
    </Group>
  );
}

export const buttonRenderer = displayOnly(View);
