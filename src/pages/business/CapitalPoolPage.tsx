import { Box, Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { ledgerExport, myFunds } from '../../app/api/funds';
import { download } from '../../app/download';
import { formatFen } from '../../runtime/money';
import { toChineseAmount } from '../../runtime/format/amount';
import { EntryResourceList, RenderersHost } from '../dynamic/DynamicPages';

/** The ledger descriptor the page lists when its menu entry names none. */
const LEDGER = 'business-capital-ledger';

function Figure({ label, fen, testId, capital = false }: { label: string; fen: number | undefined; testId: string; capital?: boolean }) {
  const chinese = capital && fen !== undefined ? toChineseAmount(fen / 100) : null;
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} size="lg" data-testid={testId} data-fen={fen ?? ''}>{fen === undefined ? '—' : `¥ ${formatFen(fen)}`}</Text>
      {chinese?.ok ? <Text size="xs" c="dimmed">{chinese.text}</Text> : null}
    </Card>
  );
}

/**
 * /capitalPool (资金池) and /credit (授信额度): the caller's organisation's pool and credit line on top, its ledger
 * below (the menu entry's descriptor: business-capital-ledger, or business-credit-ledger for the credit line). Every number here is
 * the sum of the ledger rows under it (docs/BUSINESS.md).
 */
export default function CapitalPoolPage({ title, node }: PageProps) {
  const t = useT();
  const account = useQuery({ queryKey: ['funds', 'mine'], queryFn: myFunds });
  const a = account.data;
  const moduleId = node?.moduleId ?? LEDGER;
  return (
    <RenderersHost>
      <Box p="md" data-testid="capital-pool">
        <Group justify="space-between" mb="sm">
          <Title order={4} data-testid="page-title">{title}</Title>
          <Group gap="sm">
            {a ? <Text c="dimmed" size="sm">{a.organizeName}</Text> : null}
            <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} disabled={!a} data-testid="ledger-export"
              onClick={() => void ledgerExport(moduleId === 'business-credit-ledger').then((link) => download(link.url, link.name))}>
              {t('fundsUi.export')}
            </Button>
          </Group>
        </Group>
        {account.isError ? <Text c="red" mb="sm">{t('funds.notYours')}</Text> : null}
        <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} mb="md">
          <Figure label={t('fundsUi.balance')} fen={a?.balance} testId="funds-balance" />
          <Figure label={t('fundsUi.frozen')} fen={a?.frozen} testId="funds-frozen" />
          <Figure label={t('fundsUi.available')} fen={a?.available} testId="funds-available" capital />
          <Figure label={t('fundsUi.creditLimit')} fen={a?.creditLimit} testId="funds-credit-limit" />
          <Figure label={t('fundsUi.creditUsed')} fen={a?.creditUsed} testId="funds-credit-used" />
          <Figure label={t('fundsUi.creditAvailable')} fen={a?.creditAvailable} testId="funds-credit-available" />
        </SimpleGrid>
        <EntryResourceList node={node} fallback={LEDGER} />
      </Box>
    </RenderersHost>
  );
}
