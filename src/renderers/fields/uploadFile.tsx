import { Button, FileButton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useRef } from 'react';
import { refusalOf, uploadLimitsOf, type UploadRefusal } from '../../runtime/upload-rules';
import type { StoredFile } from '../data/provider';
import { useRT, type RendererT } from '../i18n';
import type { EditProps, FieldRenderer, ViewProps } from '../types';
import { QueueRows } from './upload/QueueRows';
import { FileNames, storedFiles, useFileRef } from './upload/StoredFiles';
import { useUploadQueue } from './upload/useUploadQueue';

/** A refusal of spec 5 in the reader's language. */
export function refusalText(t: RendererT, refusal: UploadRefusal, image: boolean): string {
  if (refusal.reason === 'limit') return t(image ? 'upload.imageLimit' : 'upload.limit', { n: refusal.n });
  if (refusal.reason === 'size') return t(image ? 'upload.imageSize' : 'upload.sizeExceeds', { size: refusal.size, unit: refusal.unit });
  return image ? t('upload.imageOnly') : t('upload.acceptMismatch', { types: refusal.types });
}

/**
 * 文件上传 (uploadFile, alias uploadFz): chosen files are checked against limit, fileSize +
 * sizeUnit and accept (spec 5), hashed, and sent in chunks through the upload queue; each
 * finished file is appended to the value ({ name, fileId, url, fileSize, fileExtension, … }).
 */
function Edit({ field, value, onChange, id, disabled, readOnly }: EditProps<'uploadFile'>) {
  const t = useRT();
  const files = storedFiles(value);
  const latest = useRef(files);
  latest.current = files;
  const limits = useMemo(() => uploadLimitsOf(field.props, false), [field.props]);
  const accept = typeof field.props.accept === 'string' && field.props.accept ? field.props.accept : undefined;
  const { queue, items } = useUploadQueue(accept, (file: StoredFile) => {
    latest.current = [...latest.current, file];
    onChange(latest.current);
  });
  const locked = disabled || readOnly;
  const fileRef = useFileRef();
  const choose = (chosen: File[] | File | null) => {
    if (!queue || !chosen) return;
    let held = latest.current.length + queue.list().length;
    for (const file of Array.isArray(chosen) ? chosen : [chosen]) {
      const refusal = refusalOf(file, limits, held);
      if (refusal) {
        notifications.show({ color: 'red', message: refusalText(t, refusal, false), autoClose: 1000 });
        if (refusal.reason === 'limit') break;
        continue;
      }
      queue.add(file);
      held++;
    }
  };
  const buttonText = typeof field.props.buttonText === 'string' && field.props.buttonText ? field.props.buttonText : t('upload.choose');
  return (
    <Stack gap={6} id={id} data-upload-field={field.key}>
      {locked ? null : (
        <FileButton onChange={choose} multiple={limits.limit !== 1} accept={acceptAttribute(limits.categories)}>
          {(props) => (
            <Button {...props} size="xs" variant="default" loading={items.some((i) => i.state === 'checking' || i.state === 'uploading')} disabled={!queue} data-upload-button>
              {buttonText}
            </Button>
          )}
        </FileButton>
      )}
      {field.props.showTip && typeof field.props.tipText === 'string' ? <Text size="xs" c="dimmed">{field.props.tipText}</Text> : null}
      {queue ? <QueueRows items={items} queue={queue} /> : null}
      <FileNames files={files} fileRef={fileRef} onRemove={locked ? undefined : (index) => onChange(files.filter((_, i) => i !== index))} />
    </Stack>
  );
}

/** The file picker's accept attribute from the categories (a hint only: the checks above and the server decide). */
export function acceptAttribute(categories: readonly string[] | null): string | undefined {
  if (!categories) return undefined;
  const map: Record<string, string> = { image: 'image/*', video: 'video/*', audio: 'audio/*', excel: '.xls,.xlsx,.csv', word: '.doc,.docx', pdf: '.pdf', txt: '.txt' };
  return categories.map((c) => map[c]).filter(Boolean).join(',');
}

const View = ({ value, record }: ViewProps<'uploadFile'>) => <FileNames files={storedFiles(value)} fileRef={useFileRef(record)} />;
const Cell = ({ value, record }: ViewProps<'uploadFile'>) => <FileNames files={storedFiles(value)} fileRef={useFileRef(record)} compact />;

export const uploadFileRenderer: FieldRenderer<'uploadFile'> = { Edit, View, Cell };
