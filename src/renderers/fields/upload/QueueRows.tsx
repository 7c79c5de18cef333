import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { UploadQueue } from '../../../runtime/upload-queue';
import type { StoredFile } from '../../data/provider';
import { useRT } from '../../i18n';
import type { QueueItem } from './useUploadQueue';

/** The files on their way: name, state, progress, and the actions their state allows. */
export function QueueRows({ items, queue }: { items: readonly QueueItem[]; queue: UploadQueue<File, StoredFile> }) {
  const t = useRT();
  if (!items.length) return null;
  return (
    <Stack gap={4} data-upload-queue>
      {items.map((item) => (
        <div key={item.id} data-upload-item={item.file.name} data-upload-state={item.state}>
          <Group gap={6} justify="space-between" wrap="nowrap">
            <Text size="sm" truncate style={{ flex: 1 }}>{item.file.name}</Text>
            <Text size="xs" c={item.state === 'error' ? 'red' : 'dimmed'}>{t(`upload.state.${item.state}`)}</Text>
            {item.state === 'uploading' || item.state === 'waiting' ? <Button size="compact-xs" variant="subtle" onClick={() => queue.pause(item.id)}>{t('upload.pause')}</Button> : null}
            {item.state === 'paused' ? <Button size="compact-xs" variant="subtle" onClick={() => queue.resume(item.id)}>{t('upload.resume')}</Button> : null}
            {item.state === 'error' ? <Button size="compact-xs" variant="subtle" onClick={() => queue.retry(item.id)}>{t('upload.retry')}</Button> : null}
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => queue.cancel(item.id)}>{t('upload.cancel')}</Button>
          </Group>
          <Progress value={Math.round(item.progress * 100)} size="sm" color={item.state === 'error' ? 'red' : item.state === 'checking' ? 'gray' : 'blue'} aria-label={`${item.file.name} ${Math.round(item.progress * 100)}%`} />
        </div>
      ))}
    </Stack>
  );
}
