import { Alert, Badge, Box, Button, Card, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../../app/i18n';
import { go } from '../../../app/router/navigation';
import { sessionAtom } from '../../../app/session/session';
import { flowLaunchInfo, startFlowTask, type FlowLaunchInfo } from '../../../app/api/flowLaunch';
import { readFlowTemplate, type FlowGraph } from '../../../runtime/flow';
import type { MessageKey } from '../../../runtime/i18n';
import { ModelForm, type ModelFormHandle } from '../../../renderers';
import { useAsync } from '../../../renderers/data/hooks';
import type { ModelDefinition } from '../../../renderers/data/provider';
import { useCompiledModel } from '../../../renderers/pages/compiledModel';
import { grantedEntry } from '../../../renderers/pages/ModelPage';
import { flowPathOf } from './flowPath';
import { UserPick } from './UserPick';

type Values = Record<string, unknown>;

/** The flow's form model drawn by the platform's form renderer (its own validation runs on submit). */
function ModelSection({ modelId, formRef, onValues, onSubmit }: { modelId: string; formRef: React.RefObject<ModelFormHandle | null>; onValues(v: Values): void; onSubmit(v: Values): Promise<void> }) {
  const config = useAsync<ModelDefinition>((p) => p.getModelConfig(modelId), [modelId]);
  const model = useCompiledModel(config.data);
  const permissions = useMemo(() => (model ? grantedEntry(model) : null), [model]);
  useEffect(() => {
    const store = formRef.current?.store;
    if (!store) return;
    onValues(store.getValues());
    return store.subscribeAll(() => onValues(store.getValues()));
  }, [model, formRef, onValues]);
  if (!model) return config.loading ? <Loader size="sm" /> : <Alert color="red">{String(config.error ?? '')}</Alert>;
  return <ModelForm model={model} permissions={permissions} mode="create" showActions={false} formRef={formRef} onSubmit={onSubmit} />;
}

/** Without a model: the template's own fields as text inputs, named as the template names them. */
function FieldsSection({ info, values, onValues }: { info: FlowLaunchInfo; values: Values; onValues(v: Values): void }) {
  const t = useT();
  if (info.fields.length === 0) return <Text c="dimmed" size="sm">{t('flowLaunch.noFields')}</Text>;
  return (
    <Stack gap="xs" data-testid="flow-launch-fields">
      {info.fields.map((f) => (
        <TextInput key={f.id} label={f.name} data-field={f.id} value={String(values[f.id] ?? '')} onChange={(e) => onValues({ ...values, [f.id]: e.currentTarget.value })} />
      ))}
    </Stack>
  );
}

/** The approver nodes the flow will take on the current values, updated as they change. */
function PathPreview({ graph, path }: { graph: FlowGraph; path: string[] }) {
  const t = useT();
  return (
    <Box data-testid="flow-launch-path" aria-live="polite">
      <Text fw={600} size="sm" mb={4}>{t('flowLaunch.path')}</Text>
      <Group gap={6}>
        <Badge variant="light" color="gray">{t('flowLaunch.pathStart')}</Badge>
        {path.map((id, i) => (
          <Group gap={6} key={`${id}-${i}`}>
            <Text size="sm" aria-hidden>→</Text>
            <Badge variant="light" data-node={id}>{graph.nodes[id]?.title || id}</Badge>
          </Group>
        ))}
        <Text size="sm" aria-hidden>→</Text>
        <Badge variant="light" color="gray">{t('flowLaunch.pathEnd')}</Badge>
      </Group>
    </Box>
  );
}

/**
 * Starting one flow: its form (the model's, or the template's fields), title, urgency, the
 * approvers the initiator chooses for first nodes whose approvers are chosen when the flow runs
 * (assigneeType 7; later ones are chosen by the approver before them), and the path preview.
 */
export function LaunchForm({ flowId, onBack }: { flowId: string; onBack(): void }) {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const info = useQuery({ queryKey: ['flowLaunch', 'info', flowId], queryFn: () => flowLaunchInfo(flowId), retry: false });
  const graph = useMemo(() => (info.data ? readFlowTemplate(info.data.template) : null), [info.data]);
  const [values, setValues] = useState<Values>({});
  const [title, setTitle] = useState<string | null>(null);
  const [urgent, setUrgent] = useState('1');
  const [candidates, setCandidates] = useState<Record<string, string[]>>({});
  const [missing, setMissing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<ModelFormHandle>(null);
  const { path, first } = useMemo(() => (graph ? flowPathOf(graph, values) : { path: [], first: [] }), [graph, values]);
  const chosenNodes = graph ? first.filter((id) => Number(graph.nodes[id]!.properties.assigneeType) === 7) : [];

  if (info.isLoading) return <Loader size="sm" />;
  if (!info.data || !graph) return (<Stack><Alert color="red">{t('flowLaunch.loadFailed')}</Alert><Group><Button variant="default" onClick={onBack}>{t('flowLaunch.back')}</Button></Group></Stack>);
  const flow = info.data;
  const me = session?.userInfo.realName || session?.userInfo.userName || '';
  const shownTitle = title ?? t('flowLaunch.defaultTitle', { name: me, flow: flow.fullName });

  const start = async (formData: Values) => {
    const lacking = chosenNodes.find((id) => !(candidates[id]?.length));
    if (lacking) return setMissing(lacking);
    setBusy(true);
    try {
      await startFlowTask({ flowId: flow.id, flowTitle: shownTitle.trim() || undefined, flowUrgent: Number(urgent), formData, candidates: Object.fromEntries(chosenNodes.map((id) => [id, candidates[id] ?? []])) });
      notifications.show({ message: t('flowLaunch.started'), color: 'green', autoClose: 2000 });
      go('/workFlow/mine');
    } finally {
      setBusy(false);
    }
  };
  // the model form validates first and calls start with its values; refusals were shown by the client
  const submit = () => void (flow.modelId ? formRef.current?.submit() : start(values))?.catch(() => undefined);

  return (
    <Stack data-testid="flow-launch-form" data-flow-id={flow.id}>
      <Group justify="space-between">
        <Title order={5}>{flow.fullName}</Title>
        <Button variant="default" size="xs" onClick={onBack}>{t('flowLaunch.back')}</Button>
      </Group>
      <Card withBorder>
        <Group grow align="flex-start">
          <TextInput label={t('flowLaunch.flowTitle')} value={shownTitle} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} data-testid="flow-launch-title" />
          <Select label={t('flowLaunch.urgent')} value={urgent} onChange={(v) => setUrgent(v ?? '1')} allowDeselect={false} data-testid="flow-launch-urgent"
            data={[1, 2, 3].map((n) => ({ value: String(n), label: t(`flowLaunch.urgent${n}` as MessageKey) }))} />
        </Group>
      </Card>
      <Card withBorder>
        <Text fw={600} size="sm" mb="xs">{t('flowLaunch.form')}</Text>
        {flow.modelId
          ? <ModelSection modelId={flow.modelId} formRef={formRef} onValues={setValues} onSubmit={start} />
          : <FieldsSection info={flow} values={values} onValues={setValues} />}
      </Card>
      <Card withBorder>
        <PathPreview graph={graph} path={path} />
        {chosenNodes.map((id) => {
          const node = graph.nodes[id]!.title || id;
          return (
            <Box mt="sm" key={id}>
              <UserPick id={`flow-candidates-${id}`} label={t('flowLaunch.candidates', { node })} multiple value={candidates[id] ?? []}
                error={missing === id ? t('flowLaunch.candidatesRequired', { node }) : null}
                onChange={(v) => { setCandidates((c) => ({ ...c, [id]: Array.isArray(v) ? v : v ? [v] : [] })); setMissing(null); }} />
            </Box>
          );
        })}
      </Card>
      <Group justify="flex-end">
        <Button loading={busy} onClick={submit} data-testid="flow-launch-submit">{t('flowLaunch.submit')}</Button>
      </Group>
    </Stack>
  );
}
