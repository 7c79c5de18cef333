import { Button, Code, Group, Modal, NumberInput, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useAsync } from '../../data/hooks';
import { useDataProvider } from '../../data/provider';
import { useRT } from '../../i18n';
import type { ResourceDialogProps } from './types';

interface Param { field: string; fieldName?: string; dataType?: string; defaultValue?: unknown; required?: unknown }
const enc = encodeURIComponent;
const SHOWN_ROWS = 100;

/**
 * Runs an interface with typed parameter values and shows what it answers. It calls the same
 * Preview route the product's option sources call (same access, limits, allow-list and log):
 * there is no second, laxer run path for administrators.
 */
export function DataInterfacePreview({ row, onClose }: ResourceDialogProps) {
  const t = useRT();
  const provider = useDataProvider();
  const id = String(row.id);
  const info = useAsync((p) => p.resourceCall('GET', `/api/system/DataInterface/${enc(id)}`) as Promise<{ requestParameters?: Param[] }>, [id]);
  const params = info.data?.requestParameters ?? [];
  const [values, setValues] = useState<Record<string, string | number>>({});
  const [result, setResult] = useState<unknown[] | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const paramList = params.map((p) => ({ field: p.field, defaultValue: values[p.field] ?? p.defaultValue ?? '' }));
      const data = await provider.resourceCall('POST', `/api/system/DataInterface/${enc(id)}/Actions/Preview`, { paramList });
      setResult(Array.isArray(data) ? data : []);
    } catch {
      setResult(null); // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  const rows = (result ?? []).filter((r): r is Record<string, unknown> => !!r && typeof r === 'object');
  const columns = [...new Set(rows.slice(0, SHOWN_ROWS).flatMap((r) => Object.keys(r)))];
  const numeric = (p: Param) => ['int', 'bigint', 'decimal'].includes(String(p.dataType));
  return (
    <Modal opened onClose={onClose} size="xl" title={t('dataInterfaceAdmin.previewTitle', { name: String(row.fullName ?? '') })}>
      <Stack gap="sm" data-dialog="dataInterfacePreview">
        {params.length === 0 && !info.loading ? <Text size="sm" c="dimmed">{t('dataInterfaceAdmin.noParams')}</Text> : null}
        {params.map((p) => {
          const label = p.fieldName ? `${p.fieldName} (${p.field})` : p.field;
          const required = Number(p.required) === 1;
          const value = values[p.field];
          return numeric(p) ? (
            <NumberInput key={p.field} label={label} required={required} value={typeof value === 'number' ? value : ''} placeholder={String(p.defaultValue ?? '')} onChange={(v) => setValues({ ...values, [p.field]: typeof v === 'number' ? v : '' })} />
          ) : (
            <TextInput key={p.field} label={label} required={required} value={value === undefined ? '' : String(value)} placeholder={String(p.defaultValue ?? '')} onChange={(e) => setValues({ ...values, [p.field]: e.currentTarget.value })} />
          );
        })}
        <Group>
          <Button onClick={() => void run()} loading={busy} disabled={info.loading}>{t('dataInterfaceAdmin.run')}</Button>
          {result ? <Text size="sm" aria-live="polite">{t('dataInterfaceAdmin.rowCount', { n: rows.length })}</Text> : null}
        </Group>
        {result && columns.length ? (
          <ScrollArea h={320}>
            <Table withTableBorder striped data-preview-result>
              <Table.Thead><Table.Tr>{columns.map((c) => <Table.Th key={c}>{c}</Table.Th>)}</Table.Tr></Table.Thead>
              <Table.Tbody>
                {rows.slice(0, SHOWN_ROWS).map((r, i) => (
                  <Table.Tr key={i}>{columns.map((c) => <Table.Td key={c}>{typeof r[c] === 'object' && r[c] !== null ? JSON.stringify(r[c]) : String(r[c] ?? '')}</Table.Td>)}</Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        ) : result ? <Code block>{JSON.stringify(result, null, 2)}</Code> : null}
      </Stack>
    </Modal>
  );
}
