import { Box, Image, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { chatFileAddress, type ChatMessage } from '../../api/chat';

const fileIdOf = (message: unknown) => (message && typeof message === 'object' && typeof (message as { fileId?: unknown }).fileId === 'string' ? (message as { fileId: string }).fileId : '');

/** A file message's address: asked of the file service (signed, short-lived), kept a few minutes. */
function useFileAddress(fileId: string) {
  return useQuery({ queryKey: ['chat-file', fileId], queryFn: () => chatFileAddress(fileId), enabled: fileId !== '', staleTime: 5 * 60_000 }).data ?? '';
}

/** One chat message: mine on the right; text as plain text, images, voice and video as the browser plays them. */
export function ChatBubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const url = useFileAddress(message.messageType === 'text' ? '' : fileIdOf(message.message));
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }} my={4} data-chat-message={message.id} data-mine={mine ? '1' : '0'}>
      <Text size="xs" c="dimmed">{dayjs(message.dateTime).format('MM-DD HH:mm')}</Text>
      <Box px="sm" py={6} maw="80%" style={{ borderRadius: 8, background: mine ? 'var(--mantine-color-blue-1)' : 'var(--mantine-color-gray-1)', wordBreak: 'break-word' }}>
        {message.messageType === 'text' ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{String(message.message ?? '')}</Text>
        ) : message.messageType === 'image' && url ? (
          <Image src={url} alt={(message.message as { name?: string }).name ?? ''} maw={200} mah={200} fit="contain" data-chat-image />
        ) : message.messageType === 'voice' && url ? (
          <audio controls src={url} />
        ) : message.messageType === 'video' && url ? (
          <video controls src={url} style={{ maxWidth: 240 }} />
        ) : null}
      </Box>
    </Box>
  );
}
