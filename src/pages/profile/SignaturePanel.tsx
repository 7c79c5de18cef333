import { useRef, useState, type PointerEvent } from 'react';
import { Badge, Button, Card, FileButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useT } from '../../app/i18n';
import { useSignatures } from '../../app/hooks/useProfile';

const WIDTH = 480;
const HEIGHT = 180;

/** The signature images: draw on a canvas or upload; view, make default (replace), delete. */
export function SignaturePanel() {
  const t = useT();
  const signs = useSignatures();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - rect.left) * WIDTH) / rect.width, ((e.clientY - rect.top) * HEIGHT) / rect.height] as const;
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    drawing.current = true;
    const [x, y] = point(e);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#111';
    ctx.beginPath();
    ctx.moveTo(x, y);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    const [x, y] = point(e);
    ctx.lineTo(x, y);
    ctx.stroke();
    setDrawn(true);
  };
  const up = () => {
    drawing.current = false;
  };
  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    setDrawn(false);
  };
  const saveDrawing = async () => {
    if (!canvas.current) return;
    try {
      await signs.add(canvas.current.toDataURL('image/png'));
      clear();
    } catch {
      /* shown by the client */
    }
  };
  const upload = (file: File | null) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => void signs.add(String(reader.result)).catch(() => undefined);
    reader.readAsDataURL(file);
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
        <canvas
          ref={canvas}
          width={WIDTH}
          height={HEIGHT}
          style={{ width: '100%', maxWidth: WIDTH, aspectRatio: `${WIDTH}/${HEIGHT}`, border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 4, touchAction: 'none', background: '#fff' }}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerLeave={up}
          data-testid="sign-canvas"
        />
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
