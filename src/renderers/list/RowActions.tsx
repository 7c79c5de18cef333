import { Button, Group } from '@mantine/core';
import type { CompiledButton } from '../../runtime/model/compiled';
import type { RecordRow } from '../data/provider';
import { useRT } from '../i18n';

/** What a row button does, by its value (编辑, 删除, 详情, 添加下级, or a custom button's value); a button without a handler shows disabled. */
export type RowHandlers = Partial<Record<'edit' | 'remove' | 'detail' | 'addChild', (row: RecordRow) => void>> & { [custom: string]: ((row: RecordRow) => void) | undefined };

const LABELS = { edit: 'renderers.edit', remove: 'renderers.remove', addChild: 'renderers.addChild', detail: 'renderers.detail' } as const;

/** The row's permitted buttons, on one line. */
export function RowActions({ buttons, row, on }: { buttons: CompiledButton[]; row: RecordRow; on: RowHandlers }) {
  const t = useRT();
  return (
    <Group gap={2} wrap="nowrap">
      {buttons.map((b) => {
        const handler = on[b.value];
        return (
          <Button key={b.value} size="compact-xs" variant="subtle" color={b.value === 'remove' ? 'red' : undefined} onClick={handler ? () => handler(row) : undefined} disabled={!handler} data-button={b.permissionCode}>
            {b.label || t(LABELS[b.value as keyof typeof LABELS] ?? LABELS.detail)}
          </Button>
        );
      })}
    </Group>
  );
}
