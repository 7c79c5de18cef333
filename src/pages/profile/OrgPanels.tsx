import { useState } from 'react';
import { Avatar, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useT } from '../../app/i18n';
import { useMemberships, useSubordinates } from '../../app/hooks/useProfile';
import { sessionAtom } from '../../app/session/session';

/** My organisations and positions; switching the major one. */
export function MembershipPanel() {
  const t = useT();
  const { organizes, positions, switchMajor } = useMemberships();
  const major = (isMajor: boolean, id: string, type: 'Organize' | 'Position') =>
    isMajor ? (
      <Badge color="green">{t('me.major')}</Badge>
    ) : (
      <Button size="compact-xs" variant="light" onClick={() => void switchMajor(id, type).catch(() => undefined)} data-testid={`major-${type}-${id}`}>
        {t('me.switchMajor')}
      </Button>
    );
  return (
    <Stack>
      <Title order={5}>{t('me.myOrganisations')}</Title>
      {organizes.loading && !organizes.data ? <Loader size="sm" /> : (
        <Table withTableBorder data-testid="my-organisations">
          <Table.Tbody>
            {(organizes.data ?? []).map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>{o.fullName}</Table.Td>
                <Table.Td w={140}>{major(o.isMajor, o.id, 'Organize')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {organizes.data?.length === 0 && <Text c="dimmed">{t('app.noData')}</Text>}
      <Title order={5}>{t('me.myPositions')}</Title>
      {positions.loading && !positions.data ? <Loader size="sm" /> : (
        <Table withTableBorder data-testid="my-positions">
          <Table.Tbody>
            {(positions.data ?? []).map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.fullName}</Table.Td>
                <Table.Td>{p.organizeName ?? ''}</Table.Td>
                <Table.Td w={140}>{major(p.isMajor, p.id, 'Position')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {positions.data?.length === 0 && <Text c="dimmed">{t('app.noData')}</Text>}
    </Stack>
  );
}

/** My subordinates; a row with subordinates of its own expands. */
export function SubordinatesPanel() {
  const session = useAtomValue(sessionAtom);
  const id = session?.userInfo.userId ?? '';
  return (
    <div data-testid="my-subordinates">
      <SubordinateLevel id={id} depth={0} />
    </div>
  );
}

function SubordinateLevel({ id, depth }: { id: string; depth: number }) {
  const t = useT();
  const list = useSubordinates(id);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  if (list.loading && !list.data) return <Loader size="sm" />;
  if (!list.data?.length) return depth === 0 ? <Text c="dimmed">{t('me.noSubordinates')}</Text> : null;
  return (
    <Stack gap={4} pl={depth * 24}>
      {list.data.map((s) => (
        <div key={s.id}>
          <Group gap="sm" wrap="nowrap">
            <Avatar src={s.headIcon || null} size={28} radius="xl">
              {s.realName.slice(0, 1)}
            </Avatar>
            <Text size="sm" fw={500}>
              {s.realName}
            </Text>
            <Text size="xs" c="dimmed">
              {[s.account, s.organizeName, s.positionName].filter(Boolean).join(' · ')}
            </Text>
            {s.hasChildren && (
              <Button size="compact-xs" variant="subtle" onClick={() => setOpen((o) => ({ ...o, [s.id]: !o[s.id] }))}>
                {open[s.id] ? t('me.collapse') : t('me.expand')}
              </Button>
            )}
          </Group>
          {open[s.id] && <SubordinateLevel id={s.id} depth={depth + 1} />}
        </div>
      ))}
    </Stack>
  );
}
