import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from '../../../app/i18n';
export { download } from '../../../app/download';

/**
 * The spec's confirmation (a warning with 确定/取消, as the logout confirmation): a Mantine
 * confirm modal that resolves to whether the user confirmed. A click outside does not confirm.
 */
export function confirmAction(t: TFunction, message: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: t('app.tip'),
      centered: true,
      closeOnClickOutside: false,
      children: (
        <Text size="sm" data-confirm-message>
          {message}
        </Text>
      ),
      labels: { confirm: t('app.confirm'), cancel: t('app.cancel') },
      confirmProps: { color: 'red', 'data-action': 'confirm-ok' } as Record<string, string>,
      cancelProps: { 'data-action': 'confirm-cancel' } as Record<string, string>,
      closeButtonProps: { 'aria-label': t('dictAdmin.close') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      // Escape or the close button: not confirmed (a promise settles once, so a confirm stays one)
      onClose: () => resolve(false),
    });
  });
}

/**
 * Error texts in the dialogs in a red that reaches WCAG AA on white (Mantine's default error
 * red, #fa5252, is 3.3:1): scoped to this screen's dialogs until the theme's own error colour
 * passes.
 */
export const READABLE_ERRORS = { content: { '--mantine-color-error': 'var(--mantine-color-red-9)' } as Record<string, string> };
