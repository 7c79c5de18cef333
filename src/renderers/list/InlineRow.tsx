import { Button, Group, Table } from '@mantine/core';
import { useState } from 'react';
import type { CompiledColumn, CompiledModel } from '../../runtime/model/compiled';
import { useDataProvider, type RecordRow } from '../data/provider';
import { useRT } from '../i18n';
import { lookupRenderer } from '../registry';
import type { FieldRegistry } from '../types';
import { ListCell } from './cells';

/** A row of an inline-editable list (type 4) in edit mode: each column's edit widget, save and cancel. */
export function InlineRow({ model, row, columns, leading, registry, onDone }: { model: CompiledModel; row: RecordRow; columns: CompiledColumn[]; leading: number; registry: FieldRegistry; onDone(saved: boolean): void }) {
  const t = useRT();
  const provider = useDataProvider();
  const [draft, setDraft] = useState<Record<string, unknown>>(row);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const { id, ...values } = draft;
      await provider.updateRecord(model.id, String(id ?? row.id), values);
      onDone(true);
    } catch {
      setBusy(false);
    }
  };
  return (
    <Table.Tr data-row-id={String(row.id)} data-editing>
      <Table.Td colSpan={leading} />
      {columns.map((c) => {
        const field = model.form.fields[c.prop];
        const renderer = field && field.stores && !field.system ? lookupRenderer(registry, field.kind) : null;
        return (
          <Table.Td key={c.prop}>
            {renderer && field ? (
              <renderer.Edit field={field} value={draft[c.prop]} onChange={(v) => setDraft((d) => ({ ...d, [c.prop]: v }))} id={`inline_${c.prop}`} disabled={field.disabled} readOnly={field.readonly} error={false} />
            ) : (
              <ListCell model={model} column={c} row={draft} registry={registry} />
            )}
          </Table.Td>
        );
      })}
      <Table.Td>
        <Group gap={2} wrap="nowrap">
          <Button size="compact-xs" loading={busy} onClick={() => void save()} data-action="inline-save">{t('renderers.save')}</Button>
          <Button size="compact-xs" variant="subtle" onClick={() => onDone(false)}>{t('renderers.cancel')}</Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
