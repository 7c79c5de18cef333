import { Button, Group, Menu, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { useT } from '../../../app/i18n';
import type { PrintField, PrintTable } from './api';

interface Props {
  editor: Editor | null;
  fields: PrintField[];
  tables: PrintTable[];
}

const cell = (type: 'tableHeader' | 'tableCell', text: string) => ({ type, content: [{ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] }] });

/**
 * A sub-table as the printed page shows it: a table whose header row names the columns and whose
 * second row, marked `data-print-rows`, repeats once per row. A sub-table without columns gets
 * the plain rows block.
 */
function subTableContent(table: PrintTable) {
  if (!table.columns.length) return { type: 'printRows', attrs: { table: table.table }, content: [{ type: 'paragraph' }] };
  return {
    type: 'table',
    content: [
      { type: 'tableRow', content: table.columns.map((c) => cell('tableHeader', c.label)) },
      { type: 'tableRow', attrs: { printRows: table.table }, content: table.columns.map((c) => cell('tableCell', `{{${table.table}.${c.field}}}`)) },
    ],
  };
}

/**
 * The editor's insert tools: a field placeholder of the chosen model (main fields, and a
 * sub-table's columns inside a rows block), a sub-table as a table whose marked row repeats, a plain table, a barcode or QR code of
 * a field, an image by address, a page break. Menus are Mantine's: arrow keys move, Enter picks.
 */
export function InsertMenu({ editor, fields, tables }: Props) {
  const t = useT();
  const [code, setCode] = useState<'barcode' | 'qrcode' | null>(null);
  const [codeField, setCodeField] = useState<string | null>(null);
  const [image, setImage] = useState(false);
  const [src, setSrc] = useState('');
  const none = !fields.length && !tables.length;
  // a sub-table column's code belongs inside that table's rows block
  const codeOptions = [
    ...fields.map((f) => ({ value: f.field, label: f.label })),
    ...tables.flatMap((tb) => tb.columns.map((c) => ({ value: `${tb.table}.${c.field}`, label: `${tb.label} · ${c.label}` }))),
  ];
  const insert = (content: Parameters<Editor['commands']['insertContent']>[0]) => editor?.chain().focus().insertContent(content).run();
  const rows = (table: PrintTable) => insert(subTableContent(table));
  return (
    <Group gap="xs" data-print-insert>
      <Menu shadow="md" width={260} position="bottom-start">
        <Menu.Target>
          <Button size="xs" variant="light" disabled={!editor || none} title={none ? t('printDev.insertFieldHint') : undefined} data-insert="field">{t('printDev.insertField')}</Button>
        </Menu.Target>
        <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
          <Menu.Label>{t('printDev.mainFields')}</Menu.Label>
          {fields.map((f) => (
            <Menu.Item key={f.field} onClick={() => insert(`{{${f.field}}}`)} data-insert-field={f.field}>{f.label}</Menu.Item>
          ))}
          {tables.map((table) => [
            <Menu.Divider key={`${table.table}-d`} />,
            <Menu.Label key={`${table.table}-l`}>{table.label}</Menu.Label>,
            ...table.columns.map((c) => (
              <Menu.Item key={`${table.table}.${c.field}`} onClick={() => insert(`{{${table.table}.${c.field}}}`)} data-insert-field={`${table.table}.${c.field}`}>{`${table.label} · ${c.label}`}</Menu.Item>
            )),
          ])}
        </Menu.Dropdown>
      </Menu>
      <Menu shadow="md" position="bottom-start">
        <Menu.Target>
          <Button size="xs" variant="light" disabled={!editor || !tables.length} data-insert="rows">{t('printDev.insertRows')}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          {tables.map((table) => <Menu.Item key={table.table} onClick={() => rows(table)}>{table.label}</Menu.Item>)}
        </Menu.Dropdown>
      </Menu>
      <Button size="xs" variant="light" disabled={!editor} onClick={() => editor?.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()} data-insert="table">{t('printDev.insertTable')}</Button>
      <Button size="xs" variant="light" disabled={!editor || !fields.length} onClick={() => setCode('barcode')} data-insert="barcode">{t('printDev.insertBarcode')}</Button>
      <Button size="xs" variant="light" disabled={!editor || !fields.length} onClick={() => setCode('qrcode')} data-insert="qrcode">{t('printDev.insertQrcode')}</Button>
      <Button size="xs" variant="light" disabled={!editor} onClick={() => setImage(true)} data-insert="image">{t('printDev.insertImage')}</Button>
      <Button size="xs" variant="light" disabled={!editor} onClick={() => insert({ type: 'printPageBreak' })} data-insert="pageBreak">{t('printDev.insertPageBreak')}</Button>

      <Modal opened={code !== null} onClose={() => setCode(null)} title={code === 'qrcode' ? t('printDev.insertQrcode') : t('printDev.insertBarcode')}>
        <Stack>
          <Select label={t('printDev.codeField')} data={codeOptions} value={codeField} onChange={setCodeField} searchable data-autofocus />
          <Group justify="flex-end">
            <Button disabled={!codeField} onClick={() => (insert({ type: 'printCode', attrs: { kind: code, field: codeField } }), setCode(null))}>{t('printDev.insertField')}</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={image} onClose={() => setImage(false)} title={t('printDev.insertImage')}>
        <Stack>
          <TextInput label={t('printDev.imageUrl')} value={src} onChange={(e) => setSrc(e.currentTarget.value)} placeholder="https://" data-autofocus />
          <Group justify="flex-end">
            <Button disabled={!/^(https?:\/\/|\/)/.test(src.trim())} onClick={() => (insert({ type: 'printImage', attrs: { src: src.trim() } }), setImage(false), setSrc(''))}>{t('printDev.insertImage')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
