import { Alert, Anchor, Box, Button, Group, Pagination, Progress, SegmentedControl, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { go } from '../../app/router/navigation';
import { getAccount, getMail, listMail, receiveState, startReceive, type MailFolder } from '../../app/api/mail';
import { MailAccountDialog } from './MailAccountDialog';
import { EMPTY_COMPOSE, MailComposer, type ComposeStart } from './MailComposer';

const PAGE_SIZE = 20;

/**
 * The mail list (我的邮件, issue 21 item 2): the folders 收件箱 / 已发送 / 草稿箱, paged, unread in
 * bold; 收信 starts a background receive and shows its progress (polling Receive/State until it
 * ends); 写邮件 opens the composer; a draft opens in the composer, other mail in /emailDetail.
 */
export default function MailboxPage({ title }: PageProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [folder, setFolder] = useState<MailFolder>('inbox');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [compose, setCompose] = useState<ComposeStart | null>(null);
  const account = useQuery({ queryKey: ['mail', 'account'], queryFn: getAccount });
  const list = useQuery({ queryKey: ['mail', 'list', folder, page, keyword], queryFn: () => listMail(folder, page, PAGE_SIZE, keyword) });
  const [watching, setWatching] = useState(false);
  const state = useQuery({ queryKey: ['mail', 'receive'], queryFn: receiveState, refetchInterval: (q) => (q.state.data?.state === 'running' ? 500 : false) });
  const running = state.data?.state === 'running';
  const lastFinished = useRef<number | null | undefined>(undefined);
  const finishedAt = state.data?.finishedAt;
  useEffect(() => {
    // a receive ended since the page looked (however quickly): the folders change
    if (lastFinished.current !== undefined && finishedAt && finishedAt !== lastFinished.current) void queryClient.invalidateQueries({ queryKey: ['mail', 'list'] });
    if (finishedAt !== undefined) lastFinished.current = finishedAt;
  }, [finishedAt, queryClient]);

  const receive = async () => {
    try {
      await startReceive();
      setWatching(true);
      await queryClient.invalidateQueries({ queryKey: ['mail', 'receive'] });
    } catch {
      // shown by the client (no account)
    }
  };
  const open = async (id: string) => {
    if (folder !== 'draft') return go(`/emailDetail?id=${encodeURIComponent(id)}`);
    const draft = await getMail(id);
    setCompose({ to: draft.to, cc: draft.cc, subject: draft.subject, html: draft.html, attachments: draft.attachments, inReplyTo: draft.inReplyTo ?? undefined, draftId: draft.id });
  };
  const s = state.data;
  const total = list.data?.pagination.total ?? 0;

  return (
    <Box p="md" data-testid="mailbox-page">
      <Group justify="space-between" mb="sm">
        <Title order={4} data-testid="page-title">{title}</Title>
        <Group gap="xs">
          <Button onClick={() => void receive()} loading={running} disabled={!account.data} data-testid="mail-receive">{t('mailbox.receive')}</Button>
          <Button variant="light" onClick={() => setCompose(EMPTY_COMPOSE)} disabled={!account.data} data-testid="mail-compose">{t('mailbox.compose')}</Button>
          <Button variant="default" onClick={() => setSettingsOpen(true)} data-testid="mail-settings">{t('mailbox.settings')}</Button>
        </Group>
      </Group>
      {account.isSuccess && !account.data ? <Alert mb="sm" data-testid="mail-no-account">{t('mailbox.needAccount')}</Alert> : null}
      {s && s.state === 'running' ? (
        <Box mb="sm" data-testid="mail-receive-progress">
          <Text size="sm">{t('mailbox.receiving', { done: s.done, total: s.total })}</Text>
          <Progress value={s.total ? (s.done / s.total) * 100 : 5} animated />
        </Box>
      ) : null}
      {watching && s?.state === 'done' ? <Alert color="green" mb="sm" withCloseButton closeButtonLabel={t('mailbox.close')} onClose={() => setWatching(false)} data-testid="mail-receive-done">{t('mailbox.receiveDone', { received: s.received })}</Alert> : null}
      {watching && s?.state === 'failed' ? <Alert color="red" mb="sm" withCloseButton closeButtonLabel={t('mailbox.close')} onClose={() => setWatching(false)} data-testid="mail-receive-failed">{t('mailbox.receiveFailed', { error: s.error ?? '' })}</Alert> : null}
      <Group justify="space-between" mb="xs">
        <SegmentedControl
          value={folder}
          onChange={(v) => { setFolder(v as MailFolder); setPage(1); }}
          data={[
            { value: 'inbox', label: list.data && list.data.unread > 0 ? `${t('mailbox.inbox')} (${list.data.unread})` : t('mailbox.inbox') },
            { value: 'sent', label: t('mailbox.sentFolder') },
            { value: 'draft', label: t('mailbox.drafts') },
          ]}
          data-testid="mail-folders"
        />
        <TextInput placeholder={t('mailbox.search')} aria-label={t('mailbox.search')} defaultValue={keyword} onKeyDown={(e) => { if (e.key === 'Enter') { setKeyword(e.currentTarget.value.trim()); setPage(1); } }} w={260} data-testid="mail-search" />
      </Group>
      {list.data && list.data.unread > 0 ? <Text size="xs" c="dimmed" mb={4}>{t('mailbox.unreadCount', { count: list.data.unread })}</Text> : null}
      <Table highlightOnHover withTableBorder data-testid="mail-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="28%">{folder === 'inbox' ? t('mailbox.from') : t('mailbox.to')}</Table.Th>
            <Table.Th>{t('mailbox.subject')}</Table.Th>
            <Table.Th w={170}>{t('mailbox.date')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data?.list.map((m) => (
            <Table.Tr key={m.id} data-unread={m.read ? undefined : 'true'} fw={m.read ? undefined : 700} style={{ cursor: 'pointer' }} onClick={() => void open(m.id)} data-testid="mail-row">
              <Table.Td>{folder === 'inbox' ? m.from : m.to}</Table.Td>
              <Table.Td>
                <Anchor component="button" fw={m.read ? undefined : 700} c="inherit" onClick={(e) => { e.stopPropagation(); void open(m.id); }}>{m.subject || t('mailbox.noSubject')}</Anchor>
                {m.hasAttachments ? <Text span c="dimmed" size="xs" ml={6}>📎</Text> : null}
              </Table.Td>
              <Table.Td>{dayjs(m.date).format('YYYY-MM-DD HH:mm')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {list.data && list.data.list.length === 0 ? <Text c="dimmed" ta="center" py="lg" data-testid="mail-empty">{t('mailbox.empty')}</Text> : null}
      {total > PAGE_SIZE ? <Pagination mt="sm" total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} /> : null}
      <MailAccountDialog opened={settingsOpen} onClose={() => setSettingsOpen(false)} account={account.data} />
      <MailComposer start={compose} onClose={() => setCompose(null)} />
    </Box>
  );
}
