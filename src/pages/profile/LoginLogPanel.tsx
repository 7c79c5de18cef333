import { useState } from 'react';
import { Badge, Group, Loader, Pagination, Select, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useT } from '../../app/i18n';
import { useLoginLog } from '../../app/hooks/useProfile';

const SIZES = ['20', '50', '100', '500'];

/** My login log, paged (spec 9 paging defaults: page 1, 20 a page). */
export function LoginLogPanel() {
  const t = useT();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const { data, loading } = useLoginLog(page, size);
  const total = data?.pagination.total ?? 0;
  return (
    <div data-testid="login-log">
      {loading && !data && <Loader size="sm" />}
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('me.loginTime')}</Table.Th>
            <Table.Th>{t('me.ipAddress')}</Table.Th>
            <Table.Th>{t('me.place')}</Table.Th>
            <Table.Th>{t('me.result')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(data?.list ?? []).map((row) => (
            <Table.Tr key={row.id} data-testid="login-log-row">
              <Table.Td>{dayjs(row.loginTime).format('YYYY-MM-DD HH:mm:ss')}</Table.Td>
              <Table.Td>{row.ipAddress ?? '-'}</Table.Td>
              <Table.Td>{row.ipAddressName ?? '-'}</Table.Td>
              <Table.Td>{row.success === 1 ? <Badge color="green">{t('me.loginOk')}</Badge> : <Badge color="red" title={row.message ?? ''}>{row.message || t('me.loginRefused')}</Badge>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data && data.list.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {t('app.noData')}
        </Text>
      )}
      <Group justify="flex-end" mt="sm">
        <Text size="sm">{t('me.total', { total })}</Text>
        <Select w={110} size="xs" aria-label={t('renderers.pageSize')} value={String(size)} data={SIZES.map((s) => ({ value: s, label: t('me.perPage', { size: s }) }))} onChange={(v) => { setSize(Number(v ?? 20)); setPage(1); }} allowDeselect={false} />
        <Pagination size="sm" total={Math.max(1, Math.ceil(total / size))} value={page} onChange={setPage} />
      </Group>
    </div>
  );
}
