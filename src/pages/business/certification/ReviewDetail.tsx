import { Alert, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import dayjs from 'dayjs';
import { useT } from '../../../app/i18n';
import { ApiError } from '../../../app/api/client';
import { approveCertification, approveRegistrationFromQueue, rejectCertification, reviewItem, type QueueItem } from '../../../app/api/certification';
import { RenderersHost } from '../../dynamic/DynamicPages';
import { StatusBadge } from './CertificationStatus';
import { LicenceView } from './standaloneFields';

const when = (ms: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '');

/** One queue item opened: a certification's data with its licence image, or a registration; approve, or reject with a reason. */
export function ReviewDetail({ item, onClose, onDecided }: { item: QueueItem; onClose(): void; onDecided(): void }) {
  const t = useT();
  const isCert = item.kind === 'certification';
  const detail = useQuery({ queryKey: ['certification-review', item.id], queryFn: () => reviewItem(item.id), enabled: isCert, retry: false });
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: async (approve: boolean) => {
      if (!isCert) return approveRegistrationFromQueue(item.id);
      const version = detail.data?.version ?? item.version;
      return approve ? approveCertification(item.id, version) : rejectCertification(item.id, version, reason);
    },
    onSuccess: (_, approve) => {
      notifications.show({ color: 'green', message: t(!isCert ? 'certification.review.registrationApproved' : approve ? 'certification.approved' : 'certification.rejected') });
      onDecided();
    },
    onError: (error) => setFailure(error instanceof ApiError ? error.message : String(error)),
  });
  const d = detail.data;
  const rows: [string, React.ReactNode][] = isCert && d
    ? [
        [t('certification.field.companyName'), d.companyName], [t('certification.field.creditCode'), d.creditCode], [t('certification.field.legalPerson'), d.legalPerson],
        [t('certification.field.area'), d.areaText], [t('certification.field.address'), d.address],
        [t('certification.field.contacts'), d.contacts.map((c) => [c.name, c.phone, c.title].filter(Boolean).join(' ')).join('；')],
        [t('certification.review.applicant'), d.submittedByName], [t('certification.review.submittedAt'), when(d.submittedAt)], [t('certification.review.status'), <StatusBadge key="s" certification={d} />],
      ]
    : [[t('certification.review.company'), item.companyName], [t('certification.review.applicant'), item.applicant], [t('certification.review.mobile'), item.mobile], [t('certification.review.submittedAt'), when(item.submittedAt)]];
  const pending = isCert ? d?.status === 1 : true;
  return (
    <Modal opened onClose={onClose} size="lg" title={t(isCert ? 'certification.review.detail' : 'certification.review.registrationDetail')} data-testid="review-detail">
      <Stack gap="sm">
        <Table withTableBorder data-testid="review-fields">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={160}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {isCert && d ? (
          <Stack gap={4} data-testid="review-licence">
            <Text size="sm" fw={500}>{t('certification.licencePreview')}</Text>
            <RenderersHost>
              <LicenceView label={t('certification.field.licence')} value={d.licenceFile} />
            </RenderersHost>
          </Stack>
        ) : null}
        {isCert && d?.reason ? <Alert color="red">{t('certification.banner.rejected', { reason: d.reason })}</Alert> : null}
        {failure ? <Alert color="red" data-testid="review-failure">{failure}</Alert> : null}
        {pending ? (
          <>
            {isCert ? <Textarea label={t('certification.review.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} autosize minRows={2} data-testid="review-reason" /> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>{t('certification.review.close')}</Button>
              {isCert ? <Button color="red" variant="light" onClick={() => decide.mutate(false)} loading={decide.isPending && decide.variables === false} data-testid="review-reject">{t('certification.review.reject')}</Button> : null}
              <Button color="green" onClick={() => decide.mutate(true)} loading={decide.isPending && decide.variables === true} disabled={isCert && !d} data-testid="review-approve">{t('certification.review.approve')}</Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
