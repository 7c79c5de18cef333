import { Button, Group, Modal, Text } from '@mantine/core';
import { useRT } from '../i18n';

export interface ConfirmDialogProps {
  opened: boolean;
  message: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}

/** Destructive actions confirm first; the dialog never closes on a backdrop click. */
export function ConfirmDialog({ opened, message, onConfirm, onCancel, busy }: ConfirmDialogProps) {
  const t = useRT();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('renderers.tip')} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('renderers.closeDialog') }} size={420} centered>
      <Text data-confirm-message>{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} data-action="confirm-cancel">
          {t('renderers.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm} data-action="confirm-ok">
          {t('renderers.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
