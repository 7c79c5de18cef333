import { ActionIcon, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { extensionOf, FRAME_PREVIEW_EXTENSIONS, VIEWER_IMAGE_EXTENSIONS } from '../../../runtime/upload-rules';
import { useDataProvider, type FileRef, type StoredFile } from '../../data/provider';
import { useRT } from '../../i18n';

const AUDIO = ['mp3', 'wav', 'ogg', 'aac', 'flac'];
const VIDEO = ['mp4', 'webm'];

/** Opens a signed download address: the browser saves the file under its name (Content-Disposition). */
export async function downloadStoredFile(api: NonNullable<ReturnType<typeof useDataProvider>['files']>, file: StoredFile, ref?: FileRef) {
  const { url } = await api.downloadAddress(file.fileId, ref);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * 文档预览 (spec widgets 2.12): a full-screen dialog titled '文档预览 - name' with an optional
 * download button. Images (png jpg jpeg bmp gif) in an image viewer with zoom; PDF and text in a
 * frame; audio and video in their players; office files a message and the download; no address
 * from the server: 文件不存在, and the dialog closes.
 */
export function FilePreview({ file, onClose, allowDownload = true, fileRef }: { file: StoredFile; onClose(): void; allowDownload?: boolean; fileRef?: FileRef }) {
  const t = useRT();
  const api = useDataProvider().files;
  const [address, setAddress] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const ext = (file.fileExtension || extensionOf(file.name)).toLowerCase();

  useEffect(() => {
    let live = true;
    const missing = () => {
      if (!live) return;
      notifications.show({ color: 'yellow', message: t('upload.notFound'), autoClose: 1500 });
      onClose();
    };
    if (!api || !file.fileId) return void missing();
    api.previewAddress(file.fileId, fileRef).then((url) => (live && url ? setAddress(url) : missing()), missing);
    return () => {
      live = false;
    };
  }, [api, file.fileId]); // eslint-disable-line react-hooks/exhaustive-deps

  const download = api && allowDownload ? () => void downloadStoredFile(api, file, fileRef).catch(() => notifications.show({ color: 'red', message: t('upload.notFound') })) : null;
  let body;
  if (!address) body = <Center h="60vh"><Loader /></Center>;
  else if (VIEWER_IMAGE_EXTENSIONS.includes(ext)) {
    body = (
      <Stack align="center" gap="xs" data-preview="image">
        <Group gap="xs">
          <ActionIcon variant="default" aria-label="-" onClick={() => setZoom((z) => Math.max(0.2, z / 1.25))}>−</ActionIcon>
          <ActionIcon variant="default" aria-label="1:1" onClick={() => setZoom(1)}>1:1</ActionIcon>
          <ActionIcon variant="default" aria-label="+" onClick={() => setZoom((z) => Math.min(8, z * 1.25))}>+</ActionIcon>
        </Group>
        <div style={{ overflow: 'auto', maxWidth: '100%', maxHeight: 'calc(100vh - 140px)' }}>
          <img src={address} alt={file.name} style={{ transform: `scale(${zoom})`, transformOrigin: 'top left', maxWidth: zoom === 1 ? '100%' : undefined }} />
        </div>
      </Stack>
    );
  } else if (AUDIO.includes(ext)) body = <Center h="40vh"><audio controls src={address} data-preview="audio" /></Center>;
  else if (VIDEO.includes(ext)) body = <Center><video controls src={address} style={{ maxWidth: '100%', maxHeight: 'calc(100vh - 120px)' }} data-preview="video" /></Center>;
  else if (FRAME_PREVIEW_EXTENSIONS.includes(ext) || ext === 'csv') {
    body = <iframe title={file.name} src={address} data-preview="frame" style={{ width: '100%', height: 'calc(100vh - 100px)', border: 0 }} />;
  } else {
    body = (
      <Center h="50vh" data-preview="unsupported">
        <Stack align="center">
          <Text>{t('upload.previewOffice')}</Text>
          {download ? <Button onClick={download}>{t('upload.download')}</Button> : null}
        </Stack>
      </Center>
    );
  }
  return (
    <Modal
      opened
      fullScreen
      onClose={onClose}
      title={
        <Group gap="md">
          <Text fw={600}>{t('upload.previewTitle', { name: file.name })}</Text>
          {download ? <Button size="xs" variant="light" onClick={download} data-preview-download>{t('upload.download')}</Button> : null}
        </Group>
      }
    >
      {body}
    </Modal>
  );
}
