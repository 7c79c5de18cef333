import { Badge, Box, Button, Group, Pagination, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import dayjs from 'dayjs';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { reviewQueue, type QueueItem } from '../../../app/api/certification';
import { StatusBadge } from './CertificationStatus';
import { ReviewDetail } from './ReviewDetail';

const PAGE_SIZE = 20;

/**
 * 认证审核 (staff with business.certification:review): the review queue: organisations'
 * certifications and the self-registrations awaiting approval, oldest first; open one to read it
 * (with the licence image) and approve, or reject with a reason.
 */
export default function CertificationReviewPage({ title }: PageProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string>('1');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<QueueItem | null>(null);
  const query = { currentPage: page, pageSize: PAGE_SIZE, keyword, status: status === 'all' ? ('all' as const) : Number(status) };
  const queue = useQuery({ queryKey: ['certification-queue', query], queryFn: () => reviewQueue(query), placeholderData: keepPreviousData });
  const statuses = [['1', 'certification.status.1'], ['2', 'certification.status.2'], ['3', 'certification.status.3']] as const;
  const list = queue.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((queue.data?.pagination.total ?? 0) / PAGE_SIZE));
  return (
    <Box p="md" data-testid="certification-review-page">
      <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
      <Group mb="sm" component="form" onSubmit={(e) => { e.preventDefault(); setPage(1); setKeyword(typed.trim()); }}>
        <TextInput aria-label={t('certification.review.keyword')} placeholder={t('certification.review.keyword')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} data-testid="review-keyword" />
        <Select
          aria-label={t('certification.review.status')} value={status} onChange={(v) => { setStatus(v ?? '1'); setPage(1); }} allowDeselect={false} data-testid="review-status"
          data={[...statuses.map(([value, key]) => ({ value, label: t(key) })), { value: 'all', label: t('certification.review.allStatus') }]}
        />
        <Button type="submit" variant="light" data-testid="review-search">{t('certification.review.search')}</Button>
      </Group>
      {list.length === 0 && !queue.isLoading ? <Text c="dimmed" data-testid="review-empty">{t('certification.review.empty')}</Text> : (
        <Table withTableBorder striped data-testid="review-queue">
          <Table.Thead>
            <Table.Tr>
              {(['certification.review.kind', 'certification.review.company', 'certification.field.creditCode', 'certification.review.applicant', 'certification.review.submittedAt', 'certification.review.status'] as const).map((k) => <Table.Th key={k}>{t(k)}</Table.Th>)}
              <Table.Th><span className="sr-only" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('certification.review.open')}</span></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((item) => (
              <Table.Tr key={`${item.kind}-${item.id}`} data-testid={`review-row-${item.companyName}`}>
                <Table.Td><Badge variant="outline" color={item.kind === 'registration' ? 'grape' : 'blue'}>{t(`certification.review.kind.${item.kind}`)}</Badge></Table.Td>
                <Table.Td>{item.companyName}</Table.Td>
                <Table.Td>{item.creditCode}</Table.Td>
                <Table.Td>{[item.applicant, item.mobile].filter(Boolean).join(' ')}</Table.Td>
                <Table.Td>{dayjs(item.submittedAt).format('YYYY-MM-DD HH:mm')}</Table.Td>
                <Table.Td><StatusBadge certification={{ status: item.status as 0 | 1 | 2 | 3, certified: item.certified }} /></Table.Td>
                <Table.Td><Button size="xs" variant="subtle" onClick={() => setOpen(item)} aria-label={`${t('certification.review.open')} ${item.companyName}`} data-testid={`review-open-${item.companyName}`}>{t('certification.review.open')}</Button></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 ? <Pagination mt="sm" total={pages} value={page} onChange={setPage} getControlProps={(c) => ({ 'aria-label': t(c === 'previous' ? 'certification.review.previous' : 'certification.review.next') })} /> : null}
      {open ? (
        <ReviewDetail item={open} onClose={() => setOpen(null)} onDecided={() => { setOpen(null); void queryClient.invalidateQueries({ queryKey: ['certification-queue'] }); }} />
      ) : null}
    </Box>
  );
}
