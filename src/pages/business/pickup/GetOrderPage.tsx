import { Box, Button, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { cancelPickup, pickups } from '../../../app/api/pickup';
import { PickupTable, said } from './parts';

/** /getOrder (我的提货): the organisation's pickups, newest first; a requested one may be cancelled (its draws go back). */
export default function GetOrderPage({ title }: PageProps) {
  const t = useT();
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['pickup', 'list'], queryFn: () => pickups() });
  const cancel = useMutation({ mutationFn: cancelPickup, onSuccess: (msg) => { said(msg); void client.invalidateQueries({ queryKey: ['pickup'] }); } });
  return (
    <Box p="md" data-testid="get-order">
      <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
      <PickupTable testId="pickups" list={list.data?.list ?? []} action={(p) => (p.status === 1 ? <Button size="xs" variant="light" color="red" loading={cancel.isPending} onClick={() => cancel.mutate(p.id)} data-testid={`pickup-cancel-${p.pickupNo}`}>{t('pickupUi.cancelPickup')}</Button> : null)} />
    </Box>
  );
}
