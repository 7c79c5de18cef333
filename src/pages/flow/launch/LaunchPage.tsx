import { Box, Card, Loader, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { go } from '../../../app/router/navigation';
import { listFlows, type FlowSummary } from '../../../app/api/flowLaunch';
import { RenderersHost } from '../../dynamic/DynamicPages';
import { LaunchForm } from './LaunchForm';

/** The enabled flows by category (none last), filtered by name or code. */
function grouped(flows: FlowSummary[], keyword: string): [string | null, FlowSummary[]][] {
  const k = keyword.trim().toLowerCase();
  const groups = new Map<string | null, FlowSummary[]>();
  for (const f of flows) {
    if (k && !f.fullName.toLowerCase().includes(k) && !f.enCode.toLowerCase().includes(k)) continue;
    groups.set(f.category, [...(groups.get(f.category) ?? []), f]);
  }
  return [...groups].sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)));
}

/**
 * 发起流程 (issue 16 item 2): the flows one may start, as cards by category with a search; a
 * card opens its form (`?flowId=` keeps the choice in the address, so back returns to the list).
 */
export default function LaunchPage({ title, path }: PageProps) {
  const t = useT();
  const flowId = new URLSearchParams(useSearch()).get('flowId');
  const [keyword, setKeyword] = useState('');
  const flows = useQuery({ queryKey: ['flowLaunch', 'flows'], queryFn: listFlows });
  const groups = useMemo(() => grouped(flows.data ?? [], keyword), [flows.data, keyword]);
  return (
    <RenderersHost>
      <Box p="md" data-testid="flow-launch-page">
        <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
        {flowId ? <LaunchForm key={flowId} flowId={flowId} onBack={() => go(path)} /> : (
          <Stack>
            <TextInput label={t('flowLaunch.search')} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} maw={320} data-testid="flow-launch-search" />
            {flows.isLoading ? <Loader size="sm" /> : null}
            {!flows.isLoading && groups.length === 0 ? <Text c="dimmed">{t('flowLaunch.noFlows')}</Text> : null}
            {groups.map(([category, list]) => (
              <Box key={category ?? ''} component="section" aria-label={category ?? t('flowLaunch.uncategorized')}>
                <Title order={5} mb="xs">{category ?? t('flowLaunch.uncategorized')}</Title>
                <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
                  {list.map((f) => (
                    <UnstyledButton key={f.id} onClick={() => go(`${path}?flowId=${encodeURIComponent(f.id)}`)} data-testid="flow-card" data-flow-id={f.id}>
                      <Card withBorder padding="sm"><Text fw={600}>{f.fullName}</Text><Text size="xs" c="dimmed">{f.enCode}</Text></Card>
                    </UnstyledButton>
                  ))}
                </SimpleGrid>
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </RenderersHost>
  );
}
