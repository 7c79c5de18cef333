import { Alert, Badge, Box, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { explainAccess, usersToExplain, type Explanation, type GrantAnswer, type UserOption } from '../../app/api/permission';
import { useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { menuRoutesAtom } from '../../app/session/session';
import { flattenNodes } from '../../app/shell/menu-logic';
import type { MessageKey } from '../../runtime/i18n';

const REASONS: Record<string, MessageKey> = {
  global: 'admin.reason.global', organisation: 'admin.reason.organisation', disabled: 'admin.reason.disabled', notInOrganisation: 'admin.reason.notInOrganisation',
};
const SCOPES: Record<string, MessageKey> = {
  all: 'admin.scope.all', orgAndBelow: 'admin.scope.orgAndBelow', org: 'admin.scope.org', department: 'admin.scope.department', own: 'admin.scope.own', custom: 'admin.scope.custom',
};
const KINDS: Record<string, MessageKey> = { button: 'admin.grant.button', column: 'admin.grant.column', form: 'admin.grant.form' };

/**
 * Explain access (issue 10 item 5): for a user and a menu entry, the user's roles and whether
 * each is in force, which of them grant the menu, each button, column and form code and each
 * data-scope scheme, and the grant rows behind every answer. Reached from the user list (userId)
 * and the role list (roleId: the users holding that role). Hand-written: the answer is a report
 * of several tables, not the rows of one resource.
 */
export default function ExplainPage({ title }: PageProps) {
  const t = useT();
  const params = new URLSearchParams(useSearch());
  const roleId = params.get('roleId');
  const [userId, setUserId] = useState<string | null>(params.get('userId'));
  const [menuId, setMenuId] = useState<string | null>(null);
  const [users, setUsers] = useState<UserOption[]>([]);
  const [answer, setAnswer] = useState<Explanation | null>(null);
  const [loading, setLoading] = useState(false);
  const { navigation } = useAtomValue(menuRoutesAtom);
  // the administrator's own menu: every entry a grant can name that leads to a page
  const menus = useMemo(() => flattenNodes(navigation).filter((n) => n.path).map((n) => ({ value: n.id, label: n.title })), [navigation]);
  useEffect(() => {
    void usersToExplain(roleId).then(setUsers, () => undefined);
  }, [roleId]);
  useEffect(() => {
    if (!userId || !menuId) return;
    let live = true;
    setLoading(true);
    void explainAccess(userId, menuId)
      .then((a) => live && setAnswer(a), () => live && setAnswer(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [userId, menuId]);
  const roleName = (id: string) => answer?.roles.find((r) => r.id === id)?.fullName ?? id;
  const yesNo = (a: GrantAnswer) => (
    <Badge color={a.granted ? 'green' : 'gray'} variant="light" data-granted={a.granted}>{t(a.granted ? 'admin.explain.yes' : 'admin.explain.no')}</Badge>
  );
  const via = (a: GrantAnswer) => a.roleIds.map(roleName).join(', ');
  const rowsOf = (a: GrantAnswer) => a.rows.map((r) => `${r.itemType}:${r.itemId}→${roleName(r.objectId)}`).join('; ');

  return (
    <Box p="md" className="scp-explain-page">
      <Title order={4} mb="sm" data-testid="page-title">{title || t('admin.explain.title')}</Title>
      <Group mb="md" align="flex-end">
        <Select label={t('admin.explain.user')} placeholder={t('admin.explain.pickUser')} searchable w={260} value={userId} onChange={setUserId}
          data={users.map((u) => ({ value: u.id, label: `${u.realName} (${u.account})` }))} data-explain="user" />
        <Select label={t('admin.explain.menu')} placeholder={t('admin.explain.pickMenu')} searchable w={260} value={menuId} onChange={setMenuId} data={menus} data-explain="menu" />
      </Group>
      {loading ? <Loader size="sm" /> : null}
      {answer && !loading ? (
        <Stack gap="md" data-explain="answer">
          {answer.administrator ? <Alert color="blue">{t('admin.explain.admin')}</Alert> : null}
          <Table withTableBorder aria-label={t('admin.explain.role')}>
            <Table.Thead>
              <Table.Tr><Table.Th>{t('admin.explain.role')}</Table.Th><Table.Th>{t('admin.explain.inForce')}</Table.Th><Table.Th>{t('admin.explain.reason')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.roles.length ? answer.roles.map((r) => (
                <Table.Tr key={r.id} data-explain-role={r.enCode}>
                  <Table.Td>{r.fullName}</Table.Td><Table.Td>{t(r.inForce ? 'admin.explain.yes' : 'admin.explain.no')}</Table.Td><Table.Td>{REASONS[r.reason] ? t(REASONS[r.reason]!) : r.reason}</Table.Td>
                </Table.Tr>
              )) : <Table.Tr><Table.Td colSpan={3}>{t('admin.explain.noRoles')}</Table.Td></Table.Tr>}
            </Table.Tbody>
          </Table>
          <Table withTableBorder aria-label={t('admin.explain.granted')}>
            <Table.Thead>
              <Table.Tr><Table.Th>{t('admin.explain.kind')}</Table.Th><Table.Th>{t('admin.explain.code')}</Table.Th><Table.Th>{t('admin.explain.granted')}</Table.Th><Table.Th>{t('admin.explain.via')}</Table.Th><Table.Th>{t('admin.explain.rows')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr data-explain-item="menu">
                <Table.Td>{t('admin.explain.menu')}</Table.Td><Table.Td>{answer.menu.fullName}</Table.Td><Table.Td>{yesNo(answer.menuGrant)}</Table.Td><Table.Td>{via(answer.menuGrant)}</Table.Td><Table.Td>{rowsOf(answer.menuGrant)}</Table.Td>
              </Table.Tr>
              {answer.items.map((i) => (
                <Table.Tr key={i.id} data-explain-item={`${i.kind}:${i.enCode}`}>
                  <Table.Td>{KINDS[i.kind] ? t(KINDS[i.kind]!) : i.kind}</Table.Td><Table.Td>{i.fullName} ({i.enCode})</Table.Td><Table.Td>{yesNo(i)}</Table.Td><Table.Td>{via(i)}</Table.Td><Table.Td>{rowsOf(i)}</Table.Td>
                </Table.Tr>
              ))}
              {answer.schemes.map((s) => (
                <Table.Tr key={s.id} data-explain-item={`scheme:${s.enCode}`}>
                  <Table.Td>{t('admin.explain.scope')}</Table.Td><Table.Td>{s.fullName} · {SCOPES[s.scopeType] ? t(SCOPES[s.scopeType]!) : s.scopeType}</Table.Td><Table.Td>{yesNo(s)}</Table.Td><Table.Td>{via(s)}</Table.Td><Table.Td>{rowsOf(s)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text data-explain="scope">{t(!answer.dataScope.judged ? 'admin.explain.scopeNotJudged' : answer.dataScope.all ? 'admin.explain.scopeAll' : 'admin.explain.scopeLimited')}</Text>
        </Stack>
      ) : null}
    </Box>
  );
}
