import { Anchor, Badge, Box, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { go } from '../../app/router/navigation';
import { attachmentAddress, composeFrom, getMail } from '../../app/api/mail';
import { MailBody } from './MailBody';
import { MailComposer, type ComposeStart } from './MailComposer';

const sizeText = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/**
 * /emailDetail (查看邮件, spec 2.3; issue 21 item 2): one of the caller's mails (`?id=`): headers,
 * the HTML body sanitised on display, attachments downloaded through the file service, and
 * reply / reply all / forward in the composer. Opening it marks the mail read.
 */
export default function EmailDetailPage({ title }: PageProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const mail = useQuery({ queryKey: ['mail', 'one', id], queryFn: () => getMail(id), enabled: Boolean(id), retry: false });
  const [compose, setCompose] = useState<ComposeStart | null>(null);
  useEffect(() => {
    // it is read now: the list's bold and the unread count change
    if (mail.isSuccess) void queryClient.invalidateQueries({ queryKey: ['mail', 'list'] });
  }, [mail.isSuccess, queryClient]);
  const answer = async (mode: 'reply' | 'replyAll' | 'forward') => {
    const form = await composeFrom(id, mode);
    setCompose(form);
  };
  const download = async (fileId: string) => {
    const url = await attachmentAddress(fileId);
    window.location.assign(url);
  };
  const m = mail.data;
  return (
    <Box p="md" data-testid="email-detail-page">
      <Group justify="space-between" mb="sm">
        <Title order={4} data-testid="page-title">{title}</Title>
        <Anchor component="button" size="sm" onClick={() => go('/mailbox')}>{t('mailbox.back')}</Anchor>
      </Group>
      {!id || mail.isError ? <Text c="red" data-testid="email-detail-missing">{t('mailbox.notFound')}</Text> : null}
      {m ? (
        <Stack gap="xs">
          <Title order={3} data-testid="email-subject">{m.subject || t('mailbox.noSubject')}</Title>
          <Text size="sm"><Text span c="dimmed">{t('mailbox.from')}: </Text><span data-testid="email-from">{m.from}</span></Text>
          <Text size="sm"><Text span c="dimmed">{t('mailbox.to')}: </Text><span data-testid="email-to">{m.to}</span></Text>
          {m.cc ? <Text size="sm"><Text span c="dimmed">{t('mailbox.cc')}: </Text>{m.cc}</Text> : null}
          <Text size="sm"><Text span c="dimmed">{t('mailbox.date')}: </Text>{dayjs(m.date).format('YYYY-MM-DD HH:mm:ss')}</Text>
          {m.folder !== 'draft' ? (
            <Group gap="xs">
              <Button size="xs" onClick={() => void answer('reply')} data-testid="email-reply">{t('mailbox.reply')}</Button>
              <Button size="xs" variant="light" onClick={() => void answer('replyAll')} data-testid="email-reply-all">{t('mailbox.replyAll')}</Button>
              <Button size="xs" variant="light" onClick={() => void answer('forward')} data-testid="email-forward">{t('mailbox.forward')}</Button>
            </Group>
          ) : null}
          <Divider />
          <MailBody html={m.html} />
          {m.attachments.length ? (
            <>
              <Divider label={t('mailbox.attachments')} labelPosition="left" />
              <Group gap="xs" data-testid="email-attachments">
                {m.attachments.map((a) => (
                  <Badge key={a.fileId} variant="outline" size="lg" style={{ textTransform: 'none', cursor: 'pointer' }} onClick={() => void download(a.fileId)} data-testid="email-attachment">
                    {a.name} ({sizeText(a.size)})
                  </Badge>
                ))}
              </Group>
            </>
          ) : null}
        </Stack>
      ) : null}
      <MailComposer start={compose} onClose={() => setCompose(null)} />
    </Box>
  );
}
