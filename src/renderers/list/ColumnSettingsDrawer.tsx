import { ActionIcon, Checkbox, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { CompiledColumn } from '../../runtime/model/compiled';
import { useRT } from '../i18n';

export interface ColumnSettingsDrawerProps {
  opened: boolean;
  onClose(): void;
  columns: { column: CompiledColumn; visible: boolean }[];
  onChange(next: { prop: string; visible: boolean }[]): void;
}

/** Show/hide and order of the list's columns (320 px drawer, spec platform 9). */
export function ColumnSettingsDrawer({ opened, onClose, columns, onChange }: ColumnSettingsDrawerProps) {
  const t = useRT();
  const plain = columns.map((c) => ({ prop: c.column.prop, visible: c.visible }));
  const move = (i: number, by: number) => {
    const next = [...plain];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    onChange(next);
  };
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={320} title={t('renderers.columnSettings')} closeOnClickOutside={false}>
      <Stack gap={4}>
        {columns.map((c, i) => (
          <Group key={c.column.prop} justify="space-between" wrap="nowrap" data-column-setting={c.column.prop}>
            <Checkbox
              checked={c.visible}
              label={c.column.label}
              onChange={(e) => onChange(plain.map((p) => (p.prop === c.column.prop ? { ...p, visible: e.currentTarget.checked } : p)))}
            />
            <Group gap={2} wrap="nowrap">
              <ActionIcon variant="subtle" size="sm" disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('renderers.moveUp')}>
                <IconArrowUp size={14} />
              </ActionIcon>
              <ActionIcon variant="subtle" size="sm" disabled={i === columns.length - 1} onClick={() => move(i, 1)} aria-label={t('renderers.moveDown')}>
                <IconArrowDown size={14} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        {columns.length === 0 ? <Text c="dimmed">{t('renderers.noData')}</Text> : null}
      </Stack>
    </Drawer>
  );
}
