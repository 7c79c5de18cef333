import { ActionIcon, Box, Drawer, Group, Modal, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useRT } from '../i18n';

export interface PopupProps {
  popupType: 'general' | 'drawer' | 'fullScreen';
  /** Width of the dialog, drawer, or of the content of a full page ('800px', '60%', …). */
  width: string;
  title: ReactNode;
  opened: boolean;
  onClose(): void;
  footer?: ReactNode;
  children: ReactNode;
  /** False while a question is open above it: Mantine hears Escape on the window, in every open dialog at once. */
  closeOnEscape?: boolean;
}

/** Where a form or a detail opens: a dialog, a drawer, or a full page with a back header. Never closes on a backdrop click. */
export function Popup({ popupType, width, title, opened, onClose, footer, children, closeOnEscape = true }: PopupProps) {
  const t = useRT();
  const close = { 'aria-label': t('renderers.closeDialog') };
  const body = (
    <>
      {children}
      {footer ? <Group justify="flex-end" mt="md">{footer}</Group> : null}
    </>
  );
  if (popupType === 'drawer')
    return (
      <Drawer opened={opened} onClose={onClose} position="right" size={width || '600px'} title={title} closeOnClickOutside={false} closeOnEscape={closeOnEscape} closeButtonProps={close} data-popup="drawer">
        {body}
      </Drawer>
    );
  if (popupType === 'fullScreen')
    return (
      <Modal opened={opened} onClose={onClose} fullScreen withCloseButton={false} closeOnClickOutside={false} closeOnEscape={closeOnEscape} data-popup="fullScreen" padding={0}>
        <Group gap="xs" p="sm" style={{ borderBottom: '1px solid #e9ecef' }}>
          <ActionIcon variant="subtle" onClick={onClose} aria-label={t('renderers.back')} data-action="back">
            <IconArrowLeft size={18} />
          </ActionIcon>
          <Text fw={600}>{title}</Text>
        </Group>
        <Box p="md" mx="auto" style={{ width: width || '100%', maxWidth: '100%' }}>
          {body}
        </Box>
      </Modal>
    );
  return (
    <Modal opened={opened} onClose={onClose} size={width || '800px'} title={title} closeOnClickOutside={false} closeOnEscape={closeOnEscape} closeButtonProps={close} data-popup="general">
      {body}
    </Modal>
  );
}
