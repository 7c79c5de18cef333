import { FlowDiagram } from '../FlowDiagram';
import { Alert, Box, Button, Card, Grid, Group, Loader, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { go } from '../../../app/router/navigation';
import { sessionAtom } from '../../../app/session/session';
import { arrivedAtom } from '../../../app/realtime/socket';
import { flowDetail, type FlowDetail } from '../../../app/api/flow';
import { RenderersHost } from '../../dynamic/DynamicPages';
import { StatusBadge, UrgentBadge, formatTime } from '../flowCodes';
import { flowConfigOf } from '../flowConfig';
import { FlowActions } from './FlowActions';
import { FlowFormView, type FormRights } from './FlowFormView';
import { FlowHistory } from './FlowHistory';
import { FlowPrintButton } from './FlowPrint';
import { availableActions, mayResubmit, returnedToStart, type FlowActionKind } from './flowAvailability';

/** Actions after which the to-do is no longer mine: back to the list. */
const LEAVES = new Set<FlowActionKind>(['pass', 'return', 'reject', 'transfer', 'addSign']);

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">{label}</Text>
      <Box fz="sm">{children}</Box>
    </Box>
  );
}

/** One flow as I see it: header, actions, form and history; its state starts over with each reply. */
function FlowView({ detail, me, busy, onChanged, onStale }: { detail: FlowDetail; me: string; busy: boolean; onChanged(kind: FlowActionKind): void; onStale(): void }) {
  const t = useT();
  const [values, setValues] = useState(detail.formData);
  const actions = useMemo(() => availableActions(detail, me), [detail, me]);
  const rights: FormRights = useMemo(
    () => (detail.todo && detail.task.status === 1 ? { kind: 'some', rights: detail.todo.formOperates } : mayResubmit(detail, me) ? { kind: 'all' } : { kind: 'none' }),
    [detail, me],
  );
  const onChange = useCallback((next: Record<string, unknown>) => setValues(next), []);
  const initiator = detail.records.find((r) => r.handleStatus === 2)?.userName ?? '';
  const returned = returnedToStart(detail);
  return (
    <>
      <Card withBorder padding="md" mb="md" data-testid="flow-header">
        <Group justify="space-between" align="flex-start" mb="xs">
          <Title order={5} data-testid="flow-title">{detail.task.title}</Title>
          <Group gap="xs">
            <UrgentBadge urgent={detail.task.urgent} />
            <StatusBadge status={detail.task.status} returned={returned} />
          </Group>
        </Group>
        <Group gap="xl">
          <Fact label={t('flowUi.detail.flow')}><span data-testid="flow-name">{detail.flow.fullName}</span></Fact>
          <Fact label={t('flowUi.col.initiator')}>{initiator}</Fact>
          <Fact label={t('flowUi.detail.started')}>{formatTime(detail.task.createdAt)}</Fact>
          {detail.task.completedAt ? <Fact label={t('flowUi.detail.completed')}>{formatTime(detail.task.completedAt)}</Fact> : null}
          {detail.task.thisStep ? <Fact label={t('flowUi.col.step')}>{detail.task.thisStep}</Fact> : null}
          {detail.todo ? <Fact label={t('flowUi.detail.myStep')}><span data-testid="flow-my-step">{detail.todo.nodeName}</span></Fact> : null}
        </Group>
      </Card>
      <Box mb="md">
        <FlowActions detail={detail} actions={actions} values={values} busy={busy} onDone={onChanged} onStale={onStale} />
      </Box>
      <Box data-slot="flow-diagram" mb="md">
        <FlowDiagram template={detail.flow.template} active={detail.flow.active} completed={detail.flow.completed} />
      </Box>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Title order={5} mb="xs">{t('flowUi.detail.form')}</Title>
          <FlowFormView modelId={detail.flow.modelId} values={values} rights={rights} onChange={onChange} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Title order={5} mb="xs">{t('flowUi.detail.history')}</Title>
          <FlowHistory records={detail.records} />
        </Grid.Col>
      </Grid>
    </>
  );
}

/**
 * /workFlowDetail (spec 2.3): one flow, named by the query's `config` payload or a flow
 * message's `id` (src/pages/flow/flowConfig.ts). The approver passes, returns, rejects,
 * transfers or adds a signer; the initiator withdraws or edits and resubmits; a supervisor
 * terminates, assigns or changes an approver. The server decides each; its refusal shows in the dialog.
 */
export default function WorkFlowDetailPage({ title }: PageProps) {
  const t = useT();
  const client = useQueryClient();
  const config = flowConfigOf(useSearch());
  const me = useAtomValue(sessionAtom)?.userInfo.userId ?? '';
  const taskId = config?.taskId ?? '';
  // a link made for another to-do of the same flow is another key: never the stale reply of an earlier visit
  const detail = useQuery({ queryKey: ['flow', 'detail', taskId, config?.operatorId ?? ''], queryFn: () => flowDetail(taskId), enabled: !!taskId, retry: false });
  const arrived = useAtomValue(arrivedAtom);
  useEffect(() => {
    // a flow message (a new to-do, an outcome) may concern this flow: read it again
    if (arrived?.type === 2) void client.invalidateQueries({ queryKey: ['flow', 'detail', taskId] });
  }, [arrived, client, taskId]);
  const onChanged = (kind: FlowActionKind) => {
    notifications.show({ message: t('flowUi.act.done'), color: 'teal' });
    void client.invalidateQueries({ queryKey: ['flow'] });
    if (LEAVES.has(kind)) go('/daiban');
  };
  const d = detail.data;
  return (
    <RenderersHost>
      <Box p="md" data-testid="flow-detail-page" data-task-id={taskId} data-status={d?.task.status ?? ''}>
        <Group justify="space-between" mb="sm">
          <Title order={4} data-testid="page-title">{title}</Title>
          <Group gap="xs">
            {d ? <FlowPrintButton taskId={d.task.id} /> : null}
            <Button variant="default" size="xs" onClick={() => go('/daiban')}>{t('flowUi.detail.back')}</Button>
          </Group>
        </Group>
        {!config ? <Alert color="orange">{t('flowUi.detail.noTask')}</Alert> : null}
        {detail.isError ? <Alert color="red" data-testid="flow-not-found">{t('flowUi.detail.notFound')}</Alert> : null}
        {detail.isLoading ? <Loader size="sm" /> : null}
        {d ? <FlowView key={`${d.task.id}:${d.records.length}:${d.task.status}`} detail={d} me={me} busy={detail.isFetching} onChanged={onChanged} onStale={() => void client.invalidateQueries({ queryKey: ['flow'] })} /> : null}
      </Box>
    </RenderersHost>
  );
}
