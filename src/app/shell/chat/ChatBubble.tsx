import { Box, Image, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ChatMessage } from '../../api/chat';

const fileUrl = (message: unknown) => (message && typeof message === 'object' && typeof (message as { url?: unknown }).url === 'string' ? (message as { url: string }).url : '');

/** One chat message: mine on the right; text as plain text, images, voice and video as the browser plays them. */
export function ChatBubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const url = fileUrl(message.message);
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }} my={4} data-chat-message={message.id} data-mine={mine ? '1' : '0'}>
      <Text size="xs" c="dimmed">{dayjs(message.dateTime).format('MM-DD HH:mm')}</Text>
      <Box px="sm" py={6} maw="80%" style={{ borderRadius: 8, background: mine ? 'var(--mantine-color-blue-1)' : 'var(--mantine-color-gray-1)', wordBreak: 'break-word' }}>
        {message.messageType === 'text' ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{String(message.message ?? '')}</Text>
        ) : message.messageType === 'image' && url ? (
          <Image src={url} alt="" maw={200} mah={200} fit="contain" />
        ) : message.messageType === 'voice' && url ? (
          <audio controls src={url} />
        ) : message.messageType === 'video' && url ? (
          <video controls src={url} style={{ maxWidth: 240 }} />
        ) : null}
      </Box>
    </Box>
  );
}
