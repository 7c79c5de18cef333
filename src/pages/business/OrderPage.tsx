import { Anchor, Box, Title } from '@mantine/core';
import { useSearch } from 'wouter';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { go } from '../../app/router/navigation';
import { EntryResourceList, RenderersHost } from '../dynamic/DynamicPages';
import { OrderDetail } from './OrderDetail';

/** The list descriptor the page shows when its menu entry names none. */
const ORDERS = 'business-orders';

/**
 * /order (我的订单): the orders a customer's organisation placed, or every organisation's for staff
 * (descriptor business-orders: 详情, 取消, 确认; the server decides who may). `?id=` shows one
 * order with its lines above the list.
 */
export default function OrderPage({ title, node }: PageProps) {
  const t = useT();
  const id = new URLSearchParams(useSearch()).get('id');
  const full = id ? <Anchor size="sm" component="button" onClick={() => go(`/info?id=${encodeURIComponent(id)}`)} data-testid="order-full-detail">{t('orderInfo.full')}</Anchor> : null;
  return (
    <RenderersHost>
      <Box p="md" data-testid="orders-page">
        <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
        {id ? <Box mb="md"><OrderDetail id={id} extra={full} /></Box> : null}
        <EntryResourceList node={node} fallback={ORDERS} />
      </Box>
    </RenderersHost>
  );
}
