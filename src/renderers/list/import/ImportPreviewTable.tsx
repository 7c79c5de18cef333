import { ActionIcon, Button, ScrollArea, Table, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ImportRow } from '../../../runtime/import/layout';
import { useRT } from '../../i18n';
import type { HeaderColumn } from './calls';

type ChildRows = Record<string, string>[];

/**
 * Step 2 of the bulk import: every record's cells as editable texts, a sub-table's rows inside
 * its cell (each editable and deletable, rows can be added), and a delete per record. With
 * `reasons`, a last read-only column shows why each record failed (step 3).
 */
export function ImportPreviewTable({ header, rows, onChange, reasons }: { header: HeaderColumn[]; rows: ImportRow[]; onChange?(rows: ImportRow[]): void; reasons?: string[] }) {
  const t = useRT();
  const editable = Boolean(onChange);
  const setRow = (index: number, row: ImportRow) => onChange?.(rows.map((r, i) => (i === index ? row : r)));
  const label = (c: HeaderColumn) => (c.required ? <><span style={{ color: 'var(--mantine-color-red-6)' }}>*</span>{c.fullName}</> : c.fullName);
  const text = (value: string, set: (v: string) => void, name: string) =>
    editable ? <TextInput size="xs" value={value} aria-label={name} onChange={(e) => set(e.currentTarget.value)} /> : <span>{value}</span>;

  const children = (row: ImportRow, index: number, c: HeaderColumn) => {
    const list = (Array.isArray(row[c.id]) ? row[c.id] : []) as ChildRows;
    const put = (next: ChildRows) => setRow(index, { ...row, [c.id]: next });
    return (
      <Table withRowBorders={false} data-child-table={c.id}>
        <Table.Tbody>
          {list.map((child, n) => (
            <Table.Tr key={n} data-child-row={n}>
              {c.children!.map((cc) => (
                <Table.Td key={cc.id} data-cell={`${c.id}.${cc.id}`}>
                  {text(child[cc.id] ?? '', (v) => put(list.map((x, i) => (i === n ? { ...x, [cc.id]: v } : x))), `${c.fullName} ${n + 1} ${cc.fullName}`)}
                </Table.Td>
              ))}
              {editable ? (
                <Table.Td w={32}>
                  <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('bulkImport.deleteRow')} onClick={() => put(list.filter((_, i) => i !== n))}>
                    <IconTrash size={14} />
                  </ActionIcon>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
          {editable ? (
            <Table.Tr>
              <Table.Td colSpan={c.children!.length + 1}>
                <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={12} />} onClick={() => put([...list, {}])}>{t('bulkImport.addChild')}</Button>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    );
  };

  return (
    <ScrollArea h={420} type="auto">
      <Table withTableBorder withColumnBorders data-import-preview>
        <Table.Thead>
          <Table.Tr>
            <Table.Th rowSpan={2} w={48}>#</Table.Th>
            {header.map((c) => (c.children ? <Table.Th key={c.id} colSpan={1} ta="center">{label(c)}</Table.Th> : <Table.Th key={c.id} rowSpan={2}>{label(c)}</Table.Th>))}
            {reasons ? <Table.Th rowSpan={2}>{t('bulkImport.reason')}</Table.Th> : null}
            {editable ? <Table.Th rowSpan={2} w={48} /> : null}
          </Table.Tr>
          <Table.Tr>
            {header.filter((c) => c.children).map((c) => (
              <Table.Th key={c.id}>{c.children!.map((cc) => <span key={cc.id} style={{ marginRight: 12 }}>{label(cc)}</span>)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index} data-import-row={index}>
              <Table.Td>{index + 1}</Table.Td>
              {header.map((c) => (
                <Table.Td key={c.id} data-cell={c.id}>
                  {c.children ? children(row, index, c) : text(String(row[c.id] ?? ''), (v) => setRow(index, { ...row, [c.id]: v }), `${index + 1} ${c.fullName}`)}
                </Table.Td>
              ))}
              {reasons ? <Table.Td c="red" data-cell="errorsInfo">{reasons[index]}</Table.Td> : null}
              {editable ? (
                <Table.Td>
                  <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('bulkImport.deleteRow')} data-action="delete-import-row" onClick={() => onChange?.(rows.filter((_, i) => i !== index))}>
                    <IconTrash size={14} />
                  </ActionIcon>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
