import { Badge, Button, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../app/i18n';
import { FlowDiagram } from '../FlowDiagram';
import { getEngine, getVersion, saveVersion } from './api';
import { readTemplateText, TemplateField } from './TemplateField';

const when = (ms: number) => new Date(ms).toLocaleString();

/**
 * An engine's detail: the diagram of the current version (or of an older one chosen in the
 * version list), the versions with the tasks that run each, and the template's JSON edited into
 * a new version (running tasks keep theirs).
 */
export function EngineDrawer({ engineId, onClose, onChanged }: { engineId: string; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['flowAdmin', 'engine', engineId], queryFn: () => getEngine(engineId) });
  const [shown, setShown] = useState<number | null>(null);
  const older = useQuery({ queryKey: ['flowAdmin', 'version', engineId, shown], queryFn: () => getVersion(engineId, shown!), enabled: shown !== null });
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const engine = detail.data?.engine;
  const current = engine?.version ?? 0;
  const template = shown !== null && shown !== current ? older.data?.template : detail.data?.template;
  const read = editing !== null ? readTemplateText(editing) : null;
  const save = async () => {
    if (!read || !read.problems || read.problems.length) return;
    setBusy(true);
    try {
      const reply = await saveVersion(engineId, read.template);
      notifications.show({ color: 'green', message: t('flowAdmin.versionSaved', { version: reply.version }), autoClose: 1500 });
      setEditing(null);
      setShown(null);
      await client.invalidateQueries({ queryKey: ['flowAdmin', 'engine', engineId] });
      onChanged();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={engine ? t('flowAdmin.detailTitle', { name: engine.fullName }) : t('flowAdmin.loading')}>
      {engine && template ? (
        <Stack data-testid="flow-engine-detail">
          <Group justify="space-between">
            <Title order={5}>{t('flowAdmin.diagram')} · {t('flowAdmin.versionLabel', { version: shown ?? current })}</Title>
            {editing === null ? <Button size="xs" variant="light" onClick={() => setEditing(JSON.stringify(detail.data!.template, null, 2))} data-testid="flow-edit-template">{t('flowAdmin.editTemplate')}</Button> : null}
          </Group>
          {editing !== null ? (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">{t('flowAdmin.versionHint')}</Text>
              <TemplateField value={editing} onChange={setEditing} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)}>{t('flowAdmin.cancel')}</Button>
                <Button onClick={() => void save()} loading={busy} disabled={!read?.problems || read.problems.length > 0} data-testid="flow-save-version">{t('flowAdmin.saveVersion')}</Button>
              </Group>
            </Stack>
          ) : null}
          <FlowDiagram template={template} />
          <Title order={5}>{t('flowAdmin.versions')}</Title>
          <Table>
            <Table.Thead>
              <Table.Tr><Table.Th>{t('flowAdmin.version')}</Table.Th><Table.Th>{t('flowAdmin.tasks')}</Table.Th><Table.Th /><Table.Th /></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.data!.versions.map((v) => (
                <Table.Tr key={v.version} data-version={v.version}>
                  <Table.Td>{t('flowAdmin.versionLabel', { version: v.version })} {v.version === current ? <Badge size="xs" variant="light">{t('flowAdmin.current')}</Badge> : null}</Table.Td>
                  <Table.Td>{t('flowAdmin.versionTasks', { count: v.tasks })}</Table.Td>
                  <Table.Td>{when(v.createdAt)} {v.createdBy ?? ''}</Table.Td>
                  <Table.Td><Button size="compact-xs" variant="subtle" onClick={() => setShown(v.version)} disabled={(shown ?? current) === v.version}>{t('flowAdmin.show')}</Button></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : (
        <Text size="sm">{t('flowAdmin.loading')}</Text>
      )}
    </Drawer>
  );
}
