import { Anchor, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n';
import { readMessage } from '../../api/messages';
import { when } from './MessageItem';

/** The detail dialog of an announcement or system message; opening it marks the message read (ReadInfo). */
export function MessageDetail({ id, onClose, onRead }: { id: string | null; onClose(): void; onRead?(id: string): void }) {
  const t = useT();
  const detail = useQuery({
    queryKey: ['message-detail', id],
    enabled: id !== null,
    queryFn: async () => {
      const message = await readMessage(id!);
      onRead?.(id!);
      return message;
    },
    gcTime: 0,
  });
  const m = detail.data;
  return (
    <Modal opened={id !== null} onClose={onClose} size="640px" title={t('message.detailTitle')} closeOnClickOutside={false} data-testid="message-detail">
      {!m ? (
        detail.isError ? <Text c="red">{t('message.notFound')}</Text> : <Loader size="sm" />
      ) : (
        <Stack gap="sm">
          <Title order={4}>{m.title}</Title>
          <Group gap="md">
            {m.releaseUser ? <Text size="xs" c="dimmed">{t('message.releaseUser')}: {m.releaseUser}</Text> : null}
            <Text size="xs" c="dimmed">{t('message.releaseTime')}: {when(m.releaseTime)}</Text>
          </Group>
          {/* plain text: what an author typed is shown, never run */}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="message-body">
            {m.bodyText}
          </Text>
          {m.files.map((f) => (
            <Anchor key={f.fileId ?? f.name} href={f.url} size="sm" target="_blank" rel="noopener">
              {f.name}
            </Anchor>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
