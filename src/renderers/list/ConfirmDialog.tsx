import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useRT } from '../i18n';

export interface ConfirmDialogProps {
  opened: boolean;
  message: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}

/**
 * Destructive actions confirm first; the dialog never closes on a backdrop click. Focus starts
 * on 取消, so an Enter pressed out of habit keeps the data; Escape is 取消 too, wherever focus
 * is (it may not have reached the dialog yet while it fades in), but only an Escape pressed
 * after the question opened: the Escape that opened it over a form is still being dispatched
 * when the question renders, and a window listener added then would hear it too.
 */
export function ConfirmDialog({ opened, message, onConfirm, onCancel, busy }: ConfirmDialogProps) {
  const t = useRT();
  useEffect(() => {
    if (!opened) return;
    const openedAt = performance.now();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.isComposing && event.timeStamp > openedAt) onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, onCancel]);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('renderers.tip')}
      closeOnClickOutside={false}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': t('renderers.closeDialog') }}
      size={420}
      centered
    >
      <Text data-confirm-message>{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} data-action="confirm-cancel" data-autofocus>
          {t('renderers.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm} data-action="confirm-ok">
          {t('renderers.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
