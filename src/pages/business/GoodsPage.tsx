import { Box, Text, Title } from '@mantine/core';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { EntryResourceList, RenderersHost } from '../dynamic/DynamicPages';
import { useManagesGoods } from './useManagesGoods';

/** The goods descriptor the page lists when its menu entry names none. */
const GOODS = 'business-goods';

/**
 * /addGoods (添加商品, staff with business.goods:manage): the goods list with the add and edit form,
 * whose 新价格 sets a price with the save (descriptor business-goods; docs/BUSINESS.md).
 */
export default function GoodsPage({ title, node }: PageProps) {
  const t = useT();
  const manages = useManagesGoods();
  return (
    <RenderersHost>
      <Box p="md" data-testid="goods-admin">
        <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
        {manages ? (
          <EntryResourceList node={node} fallback={GOODS} />
        ) : (
          <Text c="dimmed">{t('goodsUi.staffOnly')}</Text>
        )}
      </Box>
    </RenderersHost>
  );
}
