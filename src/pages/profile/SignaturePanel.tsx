import { useRef, useState } from 'react';
import { Badge, Button, Card, FileButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useT } from '../../app/i18n';
import { useSignatures } from '../../app/hooks/useProfile';
import { readImageFile, SignaturePad, type SignaturePadHandle } from '../../renderers/fields/shared/SignaturePad';

/** The signature images: draw on a canvas or upload; view, make default (replace), delete. */
export function SignaturePanel() {
  const t = useT();
  const signs = useSignatures();
  const pad = useRef<SignaturePadHandle>(null);
  const [drawn, setDrawn] = useState(false);

  const clear = () => pad.current?.clear();
  const saveDrawing = async () => {
    if (!pad.current) return;
    try {
      await signs.add(pad.current.toDataURL());
      clear();
    } catch {
      /* shown by the client */
    }
  };
  const upload = (file: File | null) => {
    if (!file) return;
    void readImageFile(file).then((url) => signs.add(url)).catch(() => undefined);
  };
  const confirmDelete = (id: string) =>
    modals.openConfirmModal({
      title: t('app.tip'),
      children: <Text size="sm">{t('me.deleteConfirm')}</Text>,
      labels: { confirm: t('app.confirm'), cancel: t('app.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'sign-delete-confirm' } as Record<string, string>,
      onConfirm: () => void signs.remove(id).catch(() => undefined),
    });

  return (
    <Stack>
      <Card withBorder p="sm">
        <Text size="sm" mb="xs">
          {t('me.signDrawHint')}
        </Text>
        <SignaturePad handle={pad} onDrawn={setDrawn} />
        <Group mt="xs">
          <Button size="xs" disabled={!drawn} onClick={() => void saveDrawing()} data-testid="sign-save">
            {t('me.signSave')}
          </Button>
          <Button size="xs" variant="default" onClick={clear}>
            {t('me.signClear')}
          </Button>
          <FileButton accept="image/png,image/jpeg" onChange={upload}>
            {(props) => (
              <Button {...props} size="xs" variant="light" data-testid="sign-upload">
                {t('me.signUpload')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Card>
      {signs.data && signs.data.length === 0 && <Text c="dimmed">{t('app.noData')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="sign-list">
        {(signs.data ?? []).map((s) => (
          <Card key={s.id} withBorder p="xs" data-testid="sign-item">
            <Image src={s.signImg} h={90} fit="contain" alt={t('me.tab.signature')} />
            <Group justify="space-between" mt="xs">
              {s.isDefault === 1 ? (
                <Badge color="green">{t('me.signDefault')}</Badge>
              ) : (
                <Button size="compact-xs" variant="light" onClick={() => void signs.makeDefault(s.id).catch(() => undefined)} data-testid="sign-make-default">
                  {t('me.signMakeDefault')}
                </Button>
              )}
              <Button size="compact-xs" color="red" variant="subtle" onClick={() => confirmDelete(s.id)} data-testid="sign-delete">
                {t('me.delete')}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
