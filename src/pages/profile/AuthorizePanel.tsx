import { Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useT } from '../../app/i18n';
import { useAuthorize } from '../../app/hooks/useProfile';

/** Authorisation overview: roles, permitted pages with their button, column and form codes. */
export function AuthorizePanel() {
  const t = useT();
  const { data, loading } = useAuthorize();
  if (!data) return loading ? <Loader size="sm" /> : null;
  return (
    <Stack data-testid="authorize-overview">
      <Group gap="xs">
        <Text fw={500}>{t('me.roles')}</Text>
        {data.isAdministrator && <Badge color="red">{t('me.administrator')}</Badge>}
        {data.roles.map((r) => (
          <Badge key={r.id} variant="light">
            {r.fullName}
          </Badge>
        ))}
        {!data.isAdministrator && data.roles.length === 0 && <Text c="dimmed">-</Text>}
      </Group>
      <Title order={6}>{t('me.pagePermissions')}</Title>
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('me.page')}</Table.Th>
            <Table.Th>{t('me.buttons')}</Table.Th>
            <Table.Th>{t('me.columns')}</Table.Th>
            <Table.Th>{t('me.forms')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.permissionList.map((p) => (
            <Table.Tr key={p.modelId}>
              <Table.Td>{p.moduleName}</Table.Td>
              <Table.Td>{p.button.map((b) => b.fullName).join(', ') || '-'}</Table.Td>
              <Table.Td>{p.column.length}</Table.Td>
              <Table.Td>{p.form.length}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {t('me.apiPermissions', { count: data.permissionCodes.length })}
      </Text>
    </Stack>
  );
}
