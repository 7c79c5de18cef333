import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../app/i18n';
import type { FlowDetail } from '../../../app/api/flow';
import { ActionDialog, ACTION_LABEL } from './ActionDialog';
import type { FlowActionKind } from './flowAvailability';

const DANGER = new Set<FlowActionKind>(['reject', 'cancel']);
const SUBTLE = new Set<FlowActionKind>(['transfer', 'addSign', 'withdraw', 'assign', 'change']);

export interface FlowActionsProps {
  detail: FlowDetail;
  actions: FlowActionKind[];
  values: Record<string, unknown>;
  /** The detail is being read again: its buttons wait for the fresh reply. */
  busy: boolean;
  onDone(kind: FlowActionKind): void;
  /** A refused action's dialog closed: the flow changed meanwhile, read it again. */
  onStale(): void;
}

/** The action buttons the viewer has, each opening its dialog. */
export function FlowActions({ detail, actions, values, busy, onDone, onStale }: FlowActionsProps) {
  const t = useT();
  const [open, setOpen] = useState<FlowActionKind | null>(null);
  if (!actions.length) return null;
  return (
    <>
      <Group gap="xs" role="group" aria-label={t('flowUi.act.actions')} data-testid="flow-actions">
        {actions.map((kind) => (
          <Button
            key={kind}
            variant={SUBTLE.has(kind) ? 'default' : 'filled'}
            color={DANGER.has(kind) ? 'red' : undefined}
            onClick={() => setOpen(kind)}
            disabled={busy}
            data-testid={`flow-act-${kind}`}
          >
            {t(ACTION_LABEL[kind])}
          </Button>
        ))}
      </Group>
      {open ? <ActionDialog kind={open} detail={detail} values={values} onClose={(refused) => (setOpen(null), refused && onStale())} onDone={(kind) => (setOpen(null), onDone(kind))} /> : null}
    </>
  );
}
