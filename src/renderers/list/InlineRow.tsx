import { Button, Group, Loader, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useContext, useMemo, useState } from 'react';
import type { CompiledColumn, CompiledModel, FieldError } from '../../runtime/model/compiled';
import { createRecordValidator } from '../../runtime/validation';
import { useAsync } from '../data/hooks';
import { useDataProvider, type RecordRow } from '../data/provider';
import { LocaleContext, useRT } from '../i18n';
import { lookupRenderer } from '../registry';
import type { FieldRegistry } from '../types';
import { ListCell } from './cells';

/** Columns of an inline-editable list that get an edit widget: storing, non-system form fields. */
export function editableColumns(model: CompiledModel, columns: CompiledColumn[]): Set<string> {
  return new Set(columns.filter((c) => {
    const field = model.form.fields[c.prop];
    return !!field && field.stores && !field.system && field.kind !== 'table';
  }).map((c) => c.prop));
}

/** The server's field messages of a refused save (`data.errors`), when it sent them. */
function refusalErrors(e: unknown): FieldError[] | null {
  const errors = (e as { data?: { errors?: unknown } } | null)?.data?.errors;
  return Array.isArray(errors) ? (errors as FieldError[]) : null;
}

/**
 * A row of an inline-editable list (type 4) in edit mode. The list row carries display values
 * (option labels, names), so the stored record is loaded first; each editable column becomes its
 * kind's edit widget over it. Save checks the edited values with the shared record validator
 * (the messages the form and the server give), shows them under the cells, and PUTs only the
 * edited columns (a partial update); a refusal's field messages are shown the same way. Cancel
 * drops the draft: the row is drawn again from the list's values.
 */
export function InlineRow({ model, row, columns, leading, trailing, registry, onDone }: {
  model: CompiledModel; row: RecordRow; columns: CompiledColumn[]; leading: number; trailing: boolean; registry: FieldRegistry; onDone(saved: boolean): void;
}) {
  const t = useRT();
  const locale = useContext(LocaleContext);
  const provider = useDataProvider();
  const id = String(row.id ?? '');
  const stored = useAsync<RecordRow>((p) => p.getRecord(model.id, id).then((r) => r.record), [model.id, id]);
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const editable = useMemo(() => editableColumns(model, columns), [model, columns]);
  const validator = useMemo(() => createRecordValidator({ locale }), [locale]);
  const draft: Record<string, unknown> = { ...(stored.data ?? {}), ...edits };
  const messageOf = (prop: string) => errors.filter((e) => e.field === prop || e.field.startsWith(`${prop}.`)).map((e) => e.message);
  // messages on fields the row does not show are still the user's to know about
  const elsewhere = errors.filter((e) => !columns.some((c) => e.field === c.prop || e.field.startsWith(`${c.prop}.`)));

  const save = async () => {
    const values = Object.fromEntries([...editable].map((k) => [k, draft[k] ?? null]));
    const found = validator.validate(model, { ...draft, ...values }, 'update').filter((e) => editable.has(e.field.split('.')[0]!));
    setErrors(found);
    if (found.length) return;
    setBusy(true);
    try {
      const reply = await provider.updateRecord(model.id, id, values);
      notifications.show({ message: typeof reply === 'string' && reply ? reply : t('renderers.saved'), color: 'green', autoClose: 1500 });
      onDone(true);
    } catch (e) {
      setErrors(refusalErrors(e) ?? []);
      setBusy(false);
    }
  };

  if (stored.loading || !stored.data)
    return (
      <Table.Tr data-row-id={id} data-editing>
        <Table.Td colSpan={leading + columns.length + (trailing ? 1 : 0)}>
          {stored.error ? <Text c="red" size="sm">{t('renderers.loadFailed')}</Text> : <Loader size="xs" />}
          {stored.error ? <Button size="compact-xs" variant="subtle" onClick={() => onDone(false)} data-action="inline-cancel">{t('renderers.cancel')}</Button> : null}
        </Table.Td>
      </Table.Tr>
    );
  return (
    <Table.Tr data-row-id={id} data-editing>
      <Table.Td colSpan={leading}>
        {elsewhere.length ? <Text c="red" size="xs" className="scp-inline-error">{elsewhere.map((e) => e.message).join('；')}</Text> : null}
      </Table.Td>
      {columns.map((c) => {
        const field = model.form.fields[c.prop];
        const renderer = field && editable.has(c.prop) ? lookupRenderer(registry, field.kind) : null;
        const messages = messageOf(c.prop);
        return (
          <Table.Td key={c.prop} data-cell={c.prop} style={{ verticalAlign: 'top' }}>
            {renderer && field ? (
              <renderer.Edit
                field={field}
                value={draft[c.prop]}
                onChange={(v) => {
                  setEdits((d) => ({ ...d, [c.prop]: v }));
                  if (messages.length) setErrors((list) => list.filter((e) => e.field.split('.')[0] !== c.prop));
                }}
                id={`inline_${id}_${c.prop}`}
                disabled={field.disabled}
                readOnly={field.readonly}
                error={messages.length > 0}
              />
            ) : (
              <ListCell model={model} column={c} row={row} registry={registry} />
            )}
            {messages.length ? <Text c="red" size="xs" className="scp-inline-error" data-error-for={c.prop}>{messages.join('；')}</Text> : null}
          </Table.Td>
        );
      })}
      {trailing ? (
        <Table.Td>
          <Group gap={2} wrap="nowrap">
            <Button size="compact-xs" loading={busy} onClick={() => void save()} data-action="inline-save">{t('renderers.save')}</Button>
            <Button size="compact-xs" variant="subtle" onClick={() => onDone(false)} data-action="inline-cancel">{t('renderers.cancel')}</Button>
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}
