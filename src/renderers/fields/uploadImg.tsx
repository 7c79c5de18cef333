import { ActionIcon, Button, FileButton, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useRef, useState } from 'react';
import { refusalOf, uploadLimitsOf } from '../../runtime/upload-rules';
import { useDataProvider, type FileRef, type StoredFile } from '../data/provider';
import { useRT } from '../i18n';
import type { EditProps, FieldRenderer, ViewProps } from '../types';
import { refusalText } from './uploadFile';
import { FilePreview } from './upload/FilePreview';
import { storedFiles, Thumbnail, useFileRef } from './upload/StoredFiles';

/** Thumbnails of the stored images; a click opens the preview's image viewer. */
function Thumbnails({ files, onRemove, size, fileRef }: { files: StoredFile[]; onRemove?(index: number): void; size?: number; fileRef?: FileRef }) {
  const t = useRT();
  const [previewed, setPreviewed] = useState<StoredFile | null>(null);
  return (
    <>
      <Group gap={8} data-image-list>
        {files.map((file, index) => (
          <div key={`${file.fileId}-${index}`} style={{ position: 'relative' }}>
            <Thumbnail file={file} size={size} fileRef={fileRef} onClick={() => setPreviewed(file)} />
            {onRemove ? (
              <ActionIcon size="xs" color="red" radius="xl" style={{ position: 'absolute', top: -6, right: -6 }} aria-label={`${t('upload.remove')} ${file.name}`} onClick={() => onRemove(index)}>×</ActionIcon>
            ) : null}
          </div>
        ))}
      </Group>
      {previewed ? <FilePreview file={previewed} fileRef={fileRef} onClose={() => setPreviewed(null)} /> : null}
    </>
  );
}

/**
 * 图片上传 (uploadImg): images only (checked by extension here, by content on the server), sent
 * in one request each (spec 7 "Image upload"); its own messages: at most N pictures, image size
 * exceeds N unit, please upload an image (spec 5); errors show for 1.5 s (spec 9).
 */
function Edit({ field, value, onChange, id, disabled, readOnly }: EditProps<'uploadImg'>) {
  const t = useRT();
  const api = useDataProvider().files;
  const files = storedFiles(value);
  const latest = useRef(files);
  latest.current = files;
  const [sending, setSending] = useState(0);
  const limits = useMemo(() => uploadLimitsOf(field.props, true), [field.props]);
  const fail = (message: string) => notifications.show({ color: 'red', message, autoClose: 1500 });
  const choose = async (chosen: File[] | File | null) => {
    if (!api || !chosen) return;
    let held = latest.current.length + sending;
    const accepted: File[] = [];
    for (const file of Array.isArray(chosen) ? chosen : [chosen]) {
      const refusal = refusalOf(file, limits, held);
      if (refusal) {
        fail(refusalText(t, refusal, true));
        if (refusal.reason === 'limit') break;
        continue;
      }
      accepted.push(file);
      held++;
    }
    setSending((n) => n + accepted.length);
    for (const file of accepted) {
      try {
        const stored = await api.uploadSingle('annexpic', file, file.name);
        latest.current = [...latest.current, stored];
        onChange(latest.current);
      } catch (error) {
        fail((error as { msg?: string }).msg || t('upload.failed'));
      } finally {
        setSending((n) => n - 1);
      }
    }
  };
  const locked = disabled || readOnly;
  const fileRef = useFileRef();
  return (
    <Stack gap={6} id={id} data-upload-field={field.key}>
      <Thumbnails files={files} fileRef={fileRef} onRemove={locked ? undefined : (index) => onChange(files.filter((_, i) => i !== index))} />
      {locked ? null : (
        <FileButton onChange={(f) => void choose(f)} multiple={limits.limit !== 1} accept="image/*">
          {(props) => (
            <Button {...props} size="xs" variant="default" loading={sending > 0} disabled={!api} data-upload-button>
              {typeof field.props.buttonText === 'string' && field.props.buttonText ? field.props.buttonText : t('upload.choose')}
            </Button>
          )}
        </FileButton>
      )}
    </Stack>
  );
}

const View = ({ value, record }: ViewProps<'uploadImg'>) => <Thumbnails files={storedFiles(value)} fileRef={useFileRef(record)} />;
const Cell = ({ value, record }: ViewProps<'uploadImg'>) => <Thumbnails files={storedFiles(value)} fileRef={useFileRef(record)} size={32} />;

export const uploadImgRenderer: FieldRenderer<'uploadImg'> = { Edit, View, Cell };
