import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef, useState } from 'react';
import { UploadQueue, type UploadItem } from '../../../runtime/upload-queue';
import { useDataProvider, type StoredFile } from '../../data/provider';
import { useRT } from '../../i18n';
import { browserTransport } from './transport';

export type QueueItem = UploadItem<File, StoredFile>;

/**
 * One upload queue per mounted widget. A finished file goes to onDone (the field appends it to
 * its value) and leaves the queue; an error shows its message (spec 8: about a second) and the
 * file stays with retry and cancel.
 */
export function useUploadQueue(accept: string | undefined, onDone: (file: StoredFile) => void) {
  const t = useRT();
  const api = useDataProvider().files;
  const done = useRef(onDone);
  done.current = onDone;
  const [items, setItems] = useState<readonly QueueItem[]>([]);
  const queue = useMemo(() => {
    if (!api) return null;
    const made: UploadQueue<File, StoredFile> = new UploadQueue(browserTransport(api, accept), {
      onSuccess: (item) => {
        if (item.result) done.current(item.result);
        made.cancel(item.id);
      },
      onError: (item) => {
        const message = item.readError ? t('upload.readError', { name: item.file.name }) : item.error || t('upload.failed');
        notifications.show({ color: 'red', message, autoClose: 1000 });
      },
    });
    return made;
  }, [api, accept]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => queue?.subscribe(setItems), [queue]);
  return { queue, items };
}
