import { Button, FileButton, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { isSignatureValue, SIGNATURE_MAX_BYTES } from '../../runtime/kinds/shared/signature-value';
import { useDataProvider } from '../data/provider';
import { useRT } from '../i18n';
import type { EditProps, FieldRenderer, ViewProps } from '../types';
import { readImageFile, SignaturePad, type SignaturePadHandle } from './shared/SignaturePad';

type SignKind = 'sign' | 'signature';
const MINE = '/api/permission/Users/Current/SignImg';

const imageOf = (value: unknown) => (typeof value === 'string' && value.startsWith('data:image/') ? value : '');

/** Draw or upload a signature in a dialog (the profile's pad); the image is checked before it is kept. */
function SignDialog({ onClose, onSigned }: { onClose(): void; onSigned(url: string): void }) {
  const t = useRT();
  const pad = useRef<SignaturePadHandle>(null);
  const [drawn, setDrawn] = useState(false);
  const keep = (url: string) => {
    if (!isSignatureValue(url)) return void notifications.show({ color: 'red', message: t('codes.sign.tooLarge', { kb: SIGNATURE_MAX_BYTES / 1024 }) });
    onSigned(url);
    onClose();
  };
  const upload = (file: File | null) => {
    if (!file) return;
    if (file.size > SIGNATURE_MAX_BYTES) return void notifications.show({ color: 'red', message: t('codes.sign.tooLarge', { kb: SIGNATURE_MAX_BYTES / 1024 }) });
    void readImageFile(file).then(keep, () => undefined);
  };
  return (
    <Modal opened onClose={onClose} title={t('codes.sign.title')} size={560} closeOnClickOutside={false} data-sign-dialog>
      <Stack gap="xs">
        <Text size="sm">{t('codes.sign.hint')}</Text>
        <SignaturePad handle={pad} onDrawn={setDrawn} testId="sign-field-canvas" />
        <Group justify="space-between">
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => pad.current?.clear()}>
              {t('codes.sign.clear')}
            </Button>
            <FileButton accept="image/png,image/jpeg" onChange={upload}>
              {(props) => (
                <Button {...props} size="xs" variant="light" data-action="sign-upload">
                  {t('codes.sign.upload')}
                </Button>
              )}
            </FileButton>
          </Group>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onClose}>
              {t('codes.sign.cancel')}
            </Button>
            <Button size="xs" disabled={!drawn} onClick={() => pad.current && keep(pad.current.toDataURL())} data-action="sign-confirm">
              {t('codes.sign.confirm')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * 手写签名 / 电子签章 (v5): the value is the image itself (PNG or JPEG data URL, at most 200 KB;
 * the record schema checks it on both sides). Draw or upload in a dialog, or with one click use
 * the default signature saved in the profile (个人资料 → 电子签名).
 */
function Edit({ value, onChange, disabled, readOnly, id }: EditProps<SignKind>) {
  const t = useRT();
  const provider = useDataProvider();
  const [open, setOpen] = useState(false);
  const image = imageOf(value);
  const locked = disabled || readOnly;
  const useMine = async () => {
    try {
      const list = (await provider.resourceCall('GET', MINE, { isDefault: 1 })) as { signImg: string; isDefault: number }[] | null;
      const mine = list?.[0];
      if (mine?.signImg) return onChange(mine.signImg);
    } catch {
      /* no session (a short link) or no answer: as having none */
    }
    notifications.show({ color: 'yellow', message: t('codes.sign.noSaved') });
  };
  return (
    <Stack gap={6} id={id} data-sign-field>
      {image ? <Image src={image} h={80} w="auto" fit="contain" alt={t('codes.sign.image')} style={{ maxWidth: 320, border: '1px solid var(--mantine-color-gray-3)' }} data-sign-image /> : null}
      {locked ? null : (
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setOpen(true)} data-action="sign-open">
            {t('codes.sign.open')}
          </Button>
          <Button size="xs" variant="default" onClick={() => void useMine()} data-action="sign-mine">
            {t('codes.sign.useMine')}
          </Button>
          {image ? (
            <Button size="xs" variant="subtle" color="red" onClick={() => onChange('')} data-action="sign-remove">
              {t('codes.sign.remove')}
            </Button>
          ) : null}
        </Group>
      )}
      {open ? <SignDialog onClose={() => setOpen(false)} onSigned={onChange} /> : null}
    </Stack>
  );
}

function View({ value }: ViewProps<SignKind>) {
  const t = useRT();
  const image = imageOf(value);
  return image ? <Image src={image} h={60} w="auto" fit="contain" alt={t('codes.sign.image')} style={{ maxWidth: 240 }} data-sign-image /> : null;
}

function Cell({ value }: ViewProps<SignKind>) {
  const t = useRT();
  const image = imageOf(value);
  return image ? <Image src={image} h={24} w="auto" fit="contain" alt={t('codes.sign.image')} style={{ display: 'inline-block' }} data-sign-image /> : null;
}

export const signRenderer = { Edit, View, Cell } as FieldRenderer<'sign'>;
export const signatureRenderer = { Edit, View, Cell } as unknown as FieldRenderer<'signature'>;
