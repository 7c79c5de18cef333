import { Button, Group } from '@mantine/core';
import { useContext } from 'react';
import { FormActionsContext } from '../form/actions';
import type { ViewProps } from '../types';
import { displayOnly, propText } from './shared/common';

const COLORS: Record<string, string> = { primary: 'blue', success: 'green', warning: 'orange', danger: 'red', info: 'gray' };

function View({ field }: ViewProps<'button'>) {
  const align = field.props.align === 'right' ? 'flex-end' : field.props.align === 'center' ? 'center' : 'flex-start';
  const actions = useContext(FormActionsContext);
  // `action`: the name of an action of the page drawing the form (settings pages); inert elsewhere
  const action = typeof field.props.action === 'string' && actions ? field.props.action : null;
  return (
    <Group justify={align}>
      <Button
        size="xs"
        color={COLORS[String(field.props.type)] ?? 'blue'}
        variant={field.props.type ? 'filled' : 'default'}
        disabled={!!field.props.disabled || (action !== null && actions!.busy !== null && actions!.busy !== action)}
        loading={action !== null && actions!.busy === action}
        onClick={action ? () => actions!.run(action) : undefined}
        data-form-action={action ?? undefined}
      >
        {propText(field.props, 'buttonText') || field.label}
      </Button>
    </Group>
  );
}

export const buttonRenderer = displayOnly(View);
