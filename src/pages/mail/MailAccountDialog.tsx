import { Button, Checkbox, Group, Modal, NumberInput, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/i18n';
import { saveAccount, testAccount, type MailAccount } from '../../app/api/mail';

const EMPTY: MailAccount = { email: '', displayName: '', imapHost: '', imapPort: 993, imapSecure: true, smtpHost: '', smtpPort: 465, smtpSecure: true, username: '', password: '' };

/** The caller's mail account (邮箱设置): servers and sign-in; the stored password is never shown, blank keeps it. */
export function MailAccountDialog({ opened, onClose, account }: { opened: boolean; onClose: () => void; account: MailAccount | null | undefined }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<MailAccount>(EMPTY);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  useEffect(() => {
    if (opened) setForm(account ? { ...account, password: '' } : EMPTY);
  }, [opened, account]);
  const set = <K extends keyof MailAccount>(key: K, value: MailAccount[K]) => setForm((f) => ({ ...f, [key]: value }));
  const payload = (): MailAccount => {
    const { passwordSet: _ignored, ...rest } = form;
    return { ...rest, username: rest.username || rest.email, password: rest.password || undefined };
  };
  const run = async (which: 'save' | 'test') => {
    setBusy(which);
    try {
      if (which === 'test') {
        await testAccount(payload());
        notifications.show({ color: 'green', message: t('mailbox.testPassed') });
      } else {
        await saveAccount(payload());
        notifications.show({ color: 'green', message: t('mailbox.accountSaved') });
        await queryClient.invalidateQueries({ queryKey: ['mail', 'account'] });
        onClose();
      }
    } catch {
      // the client showed the server's reason
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('mailbox.settings')} closeButtonProps={{ 'aria-label': t('mailbox.close') }} size="lg">
      <Stack gap="xs" data-testid="mail-account-form">
        <SimpleGrid cols={2}>
          <TextInput label={t('mailbox.email')} required value={form.email} onChange={(e) => set('email', e.currentTarget.value)} data-testid="mail-account-email" />
          <TextInput label={t('mailbox.displayName')} value={form.displayName} onChange={(e) => set('displayName', e.currentTarget.value)} />
          <TextInput label={t('mailbox.imapHost')} required value={form.imapHost} onChange={(e) => set('imapHost', e.currentTarget.value.trim())} data-testid="mail-account-imap-host" />
          <NumberInput label={t('mailbox.imapPort')} required min={1} max={65535} value={form.imapPort} onChange={(v) => set('imapPort', Number(v) || 0)} data-testid="mail-account-imap-port" />
          <TextInput label={t('mailbox.smtpHost')} required value={form.smtpHost} onChange={(e) => set('smtpHost', e.currentTarget.value.trim())} data-testid="mail-account-smtp-host" />
          <NumberInput label={t('mailbox.smtpPort')} required min={1} max={65535} value={form.smtpPort} onChange={(v) => set('smtpPort', Number(v) || 0)} data-testid="mail-account-smtp-port" />
        </SimpleGrid>
        <Group>
          <Checkbox label={`IMAP ${t('mailbox.secure')}`} checked={form.imapSecure} onChange={(e) => set('imapSecure', e.currentTarget.checked)} data-testid="mail-account-imap-secure" />
          <Checkbox label={`SMTP ${t('mailbox.secure')}`} checked={form.smtpSecure} onChange={(e) => set('smtpSecure', e.currentTarget.checked)} data-testid="mail-account-smtp-secure" />
        </Group>
        <SimpleGrid cols={2}>
          <TextInput label={t('mailbox.username')} placeholder={form.email} value={form.username} onChange={(e) => set('username', e.currentTarget.value)} data-testid="mail-account-username" />
          <PasswordInput
            label={t('mailbox.password')}
            description={account?.passwordSet ? t('mailbox.passwordKept') : undefined}
            value={form.password ?? ''}
            onChange={(e) => set('password', e.currentTarget.value)}
            autoComplete="new-password"
            data-testid="mail-account-password"
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>{t('mailbox.cancel')}</Button>
          <Button variant="light" loading={busy === 'test'} disabled={busy !== null} onClick={() => void run('test')} data-testid="mail-account-test">{t('mailbox.test')}</Button>
          <Button loading={busy === 'save'} disabled={busy !== null} onClick={() => void run('save')} data-testid="mail-account-save">{t('mailbox.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
