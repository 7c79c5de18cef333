import { Box, Button, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { GRANT_AREAS, getRoleGrants, saveRoleGrants, type GrantArea, type GrantEntry, type GrantNode, type RoleGrants } from '../../app/api/permission';
import { useLocale, useT } from '../../app/i18n';
import type { PageProps } from '../../app/router/pages';
import { textIn } from '../../runtime/i18n/texts';

type Checked = Record<GrantArea, Set<string>>;

const ITEM_GROUPS: { area: GrantArea; key: 'buttons' | 'columns' | 'forms' | 'schemes'; label: 'admin.grant.button' | 'admin.grant.column' | 'admin.grant.form' | 'admin.grant.scope' }[] = [
  { area: 'button', key: 'buttons', label: 'admin.grant.button' },
  { area: 'column', key: 'columns', label: 'admin.grant.column' },
  { area: 'form', key: 'forms', label: 'admin.grant.form' },
  { area: 'resource', key: 'schemes', label: 'admin.grant.scope' },
];

function checkedOf(grants: RoleGrants): Checked {
  return Object.fromEntries(GRANT_AREAS.map((a) => [a, new Set(grants.checked[a] ?? [])])) as Checked;
}

/**
 * A role's grants (spec 2.8, issue 10 item 3): the menu tree with a checkbox per menu entry and,
 * under each, its buttons, list columns, form fields and data-scope schemes; what the role holds
 * is checked when the screen opens. Hand-written: a resource descriptor draws a list of rows and
 * a form of fields, not a tree whose every node carries four groups of checkboxes saved as one.
 */
export default function GrantPage({ title }: PageProps) {
  const t = useT();
  const locale = useLocale();
  const roleId = new URLSearchParams(useSearch()).get('roleId') ?? '';
  const [grants, setGrants] = useState<RoleGrants | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!roleId) return;
    let live = true;
    void getRoleGrants(roleId).then((g) => live && (setGrants(g), setChecked(checkedOf(g))), () => undefined);
    return () => {
      live = false;
    };
  }, [roleId]);
  const name = (e: { fullName: string; fullName_i18n: GrantEntry['fullName_i18n'] }) => textIn(locale, e.fullName, e.fullName_i18n);
  const toggle = (area: GrantArea, id: string, on: boolean) =>
    setChecked((c) => {
      if (!c) return c;
      const next = new Set(c[area]);
      if (on) next.add(id);
      else next.delete(id);
      return { ...c, [area]: next };
    });
  const save = async () => {
    if (!checked) return;
    setSaving(true);
    try {
      await saveRoleGrants(roleId, Object.fromEntries(GRANT_AREAS.map((a) => [a, [...checked[a]]])) as Record<GrantArea, string[]>);
      notifications.show({ message: t('admin.grant.saved'), color: 'green', autoClose: 1500 });
    } catch {
      /* the client has shown the server's message */
    } finally {
      setSaving(false);
    }
  };
  const heading = useMemo(() => (grants ? t('admin.grant.title', { role: grants.role.fullName }) : title), [grants, t, title]);
  if (!grants || !checked) return <Box p="md">{roleId ? <Loader size="sm" /> : <Text>{t('admin.grant.none')}</Text>}</Box>;

  const node = (n: GrantNode, depth: number) => (
    <Box key={n.id} pl={depth ? 20 : 0} data-grant-menu={n.enCode}>
      <Checkbox label={name(n)} checked={checked.module.has(n.id)} onChange={(e) => toggle('module', n.id, e.currentTarget.checked)} my={4} fw={n.children.length ? 600 : 400} data-grant-module={n.enCode} />
      {ITEM_GROUPS.filter((g) => n[g.key].length).map((g) => (
        <Group key={g.area} gap="xs" pl={28} mb={4} role="group" aria-label={`${name(n)} · ${t(g.label)}`}>
          <Text size="xs" fw={600} w={72}>{t(g.label)}</Text>
          {n[g.key].map((item) => (
            <Checkbox key={item.id} size="xs" label={name(item)} checked={checked[g.area].has(item.id)} onChange={(e) => toggle(g.area, item.id, e.currentTarget.checked)} data-grant-item={`${g.area}:${item.enCode}`} />
          ))}
        </Group>
      ))}
      {n.children.map((c) => node(c, depth + 1))}
    </Box>
  );
  return (
    <Box p="md" className="scp-grant-page">
      <Group justify="space-between" mb="sm">
        <Title order={4} data-testid="page-title">{heading}</Title>
        <Button onClick={() => void save()} loading={saving} data-action="grant-save">{t('admin.grant.save')}</Button>
      </Group>
      <Stack gap={0}>{grants.list.length ? grants.list.map((n) => node(n, 0)) : <Text>{t('admin.grant.none')}</Text>}</Stack>
    </Box>
  );
}
