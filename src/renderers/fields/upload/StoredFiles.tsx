import { ActionIcon, Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useContext, useEffect, useState } from 'react';
import { FormScopeContext } from '../../form/FormItem';
import { useDataProvider, type FileRef, type StoredFile } from '../../data/provider';
import { useOwnerModel } from '../../format';
import { useRT } from '../../i18n';
import { downloadStoredFile, FilePreview } from './FilePreview';

/** The stored files of a value: objects with a name (and a fileId); anything else is skipped. */
export function storedFiles(value: unknown): StoredFile[] {
  if (!Array.isArray(value)) return [];
  return value.filter((f): f is StoredFile => Boolean(f) && typeof f === 'object' && typeof (f as StoredFile).name === 'string');
}

/** The record a view or cell shows, so its readers may open the files it holds (not only their uploader). */
export function useFileRef(record?: Record<string, unknown>): FileRef | undefined {
  const owner = useOwnerModel();
  // in an edit form: the record being edited (its id is among the form's initial values)
  const scope = useContext(FormScopeContext);
  const model = owner ?? scope?.model;
  const recordId = record ? record.id : scope?.store.getValue('id');
  return model && (typeof recordId === 'string' || typeof recordId === 'number') ? { modelId: model.id, recordId: String(recordId) } : undefined;
}

/** File names as links opening the preview, each with its download; remove when editable. */
export function FileNames({ files, onRemove, compact, fileRef }: { files: StoredFile[]; onRemove?(index: number): void; compact?: boolean; fileRef?: FileRef }) {
  const t = useRT();
  const api = useDataProvider().files;
  const [previewed, setPreviewed] = useState<StoredFile | null>(null);
  const download = (file: StoredFile) => api && void downloadStoredFile(api, file, fileRef).catch(() => notifications.show({ color: 'red', message: t('upload.notFound') }));
  const Wrap = compact ? Group : Stack;
  // 全部下载 (spec 7 "Download all"): one zip of the files, in read-only views with several files
  const downloadAll = () =>
    api &&
    void api
      .packDownload(files.filter((f) => f.fileId).map((f) => ({ fileId: f.fileId, fileName: f.name })), undefined, fileRef)
      .then(({ downloadVo }) => window.location.assign(downloadVo.url), () => undefined);
  return (
    <>
      <Wrap gap={compact ? 6 : 2} data-file-list>
        {!compact && !onRemove && files.length > 1 && api ? (
          <Anchor component="button" type="button" size="xs" onClick={downloadAll} data-download-all>{t('upload.downloadAll')}</Anchor>
        ) : null}
        {files.map((file, index) => (
          <Group key={`${file.fileId}-${index}`} gap={4} wrap="nowrap">
            <Anchor component="button" type="button" size="sm" onClick={() => setPreviewed(file)} data-file-name={file.name}>
              {file.name}
            </Anchor>
            {compact ? null : (
              <>
                <ActionIcon variant="subtle" size="sm" aria-label={`${t('upload.download')} ${file.name}`} onClick={() => download(file)}>↓</ActionIcon>
                {onRemove ? (
                  <ActionIcon variant="subtle" color="red" size="sm" aria-label={`${t('upload.remove')} ${file.name}`} onClick={() => onRemove(index)}>×</ActionIcon>
                ) : null}
              </>
            )}
          </Group>
        ))}
      </Wrap>
      {previewed ? <FilePreview file={previewed} fileRef={fileRef} onClose={() => setPreviewed(null)} /> : null}
    </>
  );
}

/** A thumbnail of a stored image: its signed inline address, asked once per file. */
export function Thumbnail({ file, size = 80, onClick, fileRef }: { file: StoredFile; size?: number; onClick?(): void; fileRef?: FileRef }) {
  const api = useDataProvider().files;
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (api && file.fileId) api.previewAddress(file.fileId, fileRef).then((url) => live && setSrc(url), () => undefined);
    return () => {
      live = false;
    };
  }, [api, file.fileId, fileRef?.modelId, fileRef?.recordId]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <button type="button" onClick={onClick} style={{ padding: 0, border: '1px solid #dee2e6', borderRadius: 4, background: 'none', cursor: 'pointer' }} aria-label={file.name} data-thumbnail={file.name}>
      {src ? <Image src={src} alt={file.name} w={size} h={size} fit="cover" radius={4} /> : <Text size="xs" w={size} h={size} p={4} style={{ overflow: 'hidden' }}>{file.name}</Text>}
    </button>
  );
}
