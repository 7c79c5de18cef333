import { Button, Group, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useAsync } from '../../data/hooks';
import { useDataProvider } from '../../data/provider';
import { useRT } from '../../i18n';
import type { ResourceDialogProps } from './types';

interface LogItem { id: string; invokedAt: number; durationMs: number; account: string | null; realName: string | null; ip: string | null; success: number; message: string | null }
interface LogPage { list: LogItem[]; pagination: { total: number } }
const PAGE_SIZE = 20;

/** The call log of one interface, newest first, paged; and pruning by the configured retention. */
export function DataInterfaceLog({ row, onClose }: ResourceDialogProps) {
  const t = useRT();
  const provider = useDataProvider();
  const id = String(row.id);
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const log = useAsync((p) => p.resourceCall('GET', `/api/system/DataInterfaceLog/${encodeURIComponent(id)}`, { currentPage: page, pageSize: PAGE_SIZE }) as Promise<LogPage>, [id, page, reload]);
  const total = log.data?.pagination.total ?? 0;
  const prune = async () => {
    try {
      await provider.resourceCall('POST', '/api/system/DataInterfaceLog/Actions/Prune', {});
      setPage(1);
      setReload((n) => n + 1);
    } catch {
      /* the client has shown the server's message */
    }
  };
  return (
    <Modal opened onClose={onClose} size="xl" title={t('dataInterfaceAdmin.logTitle', { name: String(row.fullName ?? '') })}>
      <Stack gap="sm" data-dialog="dataInterfaceLog">
        <Group justify="space-between">
          <Text size="sm">{t('dataInterfaceAdmin.logTotal', { n: total })}</Text>
          <Button size="xs" variant="light" onClick={() => void prune()}>{t('dataInterfaceAdmin.prune')}</Button>
        </Group>
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dataInterfaceAdmin.logTime')}</Table.Th>
              <Table.Th>{t('dataInterfaceAdmin.logUser')}</Table.Th>
              <Table.Th>IP</Table.Th>
              <Table.Th>{t('dataInterfaceAdmin.logDuration')}</Table.Th>
              <Table.Th>{t('dataInterfaceAdmin.logResult')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(log.data?.list ?? []).map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{new Date(l.invokedAt).toLocaleString()}</Table.Td>
                <Table.Td>{l.realName ?? l.account ?? ''}</Table.Td>
                <Table.Td>{l.ip ?? ''}</Table.Td>
                <Table.Td>{l.durationMs} ms</Table.Td>
                <Table.Td>{l.success === 1 ? t('dataInterfaceAdmin.ok') : (l.message ?? t('dataInterfaceAdmin.failed'))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {total > PAGE_SIZE ? <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': control })} /> : null}
      </Stack>
    </Modal>
  );
}
