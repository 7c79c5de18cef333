import { Alert, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useAtomValue } from 'jotai';
import { useT } from '../i18n';
import { sessionAtom } from '../session/session';
import { passwordChanged } from '../session/session';
import { PasswordForm } from '../../pages/profile/PasswordForm';

/**
 * The forced reset-password dialog (600 px, spec 2.6): on entry when the user never changed
 * the initial password and the policy demands it. It cannot be dismissed; after the change
 * the session ends (the server revokes it) and the user signs in with the new password.
 */
export function ForcedPasswordDialog() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const info = session?.userInfo;
  const must = Boolean(info?.mustChangePassword) || (Number(session?.sysConfig.mandatoryModificationOfInitialPassword) === 1 && info != null && info.changePasswordDate == null && 'changePasswordDate' in info);
  return (
    <Modal opened={must} onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} size={600} title={t('me.forcedTitle')} centered data-testid="forced-password-dialog">
      <Alert color="orange" mb="md">
        {t('me.forcedBody')}
      </Alert>
      <PasswordForm
        onDone={() => {
          notifications.show({ color: 'green', message: t('profile.passwordChanged'), autoClose: 1500 });
          passwordChanged();
        }}
      />
    </Modal>
  );
}
