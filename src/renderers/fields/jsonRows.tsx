import { ActionIcon, Button, NativeSelect, NumberInput, Switch, Table, TextInput } from '@mantine/core';
import { rowColumnsOf, type RowColumn } from '../../runtime/kinds/jsonRows';
import { FormattedView } from '../format';
import { useRT } from '../i18n';
import type { EditProps, ViewProps } from '../types';

type Row = Record<string, unknown>;

/** The value as row objects: a scalar list (props.scalar) becomes one-column rows. */
function rowsOf(value: unknown, scalar: string | null): Row[] {
  const list = Array.isArray(value) ? value : [];
  return list.map((v) => (scalar ? { [scalar]: v } : v && typeof v === 'object' ? (v as Row) : {}));
}

function Cell({ column, value, label, disabled, onChange }: { column: RowColumn; value: unknown; label: string; disabled: boolean; onChange(v: unknown): void }) {
  if (column.type === 'switch') return <Switch aria-label={label} checked={Number(value) === 1} disabled={disabled} onChange={(e) => onChange(e.currentTarget.checked ? 1 : 0)} />;
  if (column.type === 'number') return <NumberInput aria-label={label} size="xs" value={typeof value === 'number' ? value : ''} disabled={disabled} onChange={(v) => onChange(typeof v === 'number' ? v : null)} />;
  if (column.type === 'select') {
    const data = (column.options ?? []).map((o) => ({ value: String(o.id), label: o.fullName }));
    return <NativeSelect aria-label={label} size="xs" data={[{ value: '', label: '' }, ...data]} value={value === undefined || value === null ? '' : String(value)} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
  return <TextInput aria-label={label} size="xs" value={value === undefined || value === null ? '' : String(value)} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)} />;
}

/** One row per list item, one input per column, add and remove; the value changes as a whole list. */
function Edit({ field, value, onChange, id, disabled, readOnly }: EditProps<'jsonRows'>) {
  const t = useRT();
  const columns = rowColumnsOf(field.props);
  const scalar = typeof field.props.scalar === 'string' ? field.props.scalar : null;
  const rows = rowsOf(value, scalar);
  const locked = disabled || readOnly;
  const emit = (next: Row[]) => onChange(scalar ? next.map((r) => r[scalar] ?? '') : next);
  const set = (i: number, prop: string, v: unknown) => emit(rows.map((r, j) => (j === i ? { ...r, [prop]: v } : r)));
  const blank = () => Object.fromEntries(columns.map((c) => [c.prop, c.type === 'switch' ? 0 : c.type === 'number' ? null : '']));
  return (
    <div id={id} data-json-rows={field.key}>
      {rows.length ? (
        <Table withTableBorder withColumnBorders verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => <Table.Th key={c.prop}>{c.label}</Table.Th>)}
              <Table.Th style={{ width: 48 }}><span className="mantine-visually-hidden">{t('rowsEditor.actions')}</span></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={i}>
                {columns.map((c) => (
                  <Table.Td key={c.prop}>
                    <Cell column={c} value={row[c.prop]} label={`${c.label} ${i + 1}`} disabled={locked} onChange={(v) => set(i, c.prop, v)} />
                  </Table.Td>
                ))}
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={t('rowsEditor.remove', { n: i + 1 })} disabled={locked} onClick={() => emit(rows.filter((_, j) => j !== i))}>
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {locked ? null : (
        <Button mt={4} size="xs" variant="light" onClick={() => emit([...rows, blank()])}>
          {t('rowsEditor.add')}
        </Button>
      )}
    </div>
  );
}

const View = ({ field, value }: ViewProps<'jsonRows'>) => <FormattedView field={field} value={value} />;

export const jsonRowsRenderer = { Edit, View, Cell: FormattedView };
