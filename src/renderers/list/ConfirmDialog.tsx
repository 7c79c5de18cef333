import { Button, Group, Modal, Text } from '@mantine/core';
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
 * on 取消, so an Enter pressed out of habit keeps the data; Escape is 取消 too, heard only
 * inside the dialog: Mantine hears Escape on the window, so the Escape that opened this
 * question over a form would otherwise reach it too, once it has rendered, and cancel it.
 */
export function ConfirmDialog({ opened, message, onConfirm, onCancel, busy }: ConfirmDialogProps) {
  const t = useRT();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('renderers.tip')}
      closeOnClickOutside={false}
      closeOnEscape={false}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.nativeEvent.isComposing) onCancel();
      }}
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
