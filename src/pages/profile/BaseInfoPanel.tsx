import { useState } from 'react';
import { Avatar, Button, FileButton, Grid, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useT } from '../../app/i18n';
import type { BaseInfo, BaseInfoChange } from '../../app/api/currentUser';
import { useBaseInfo } from '../../app/hooks/useProfile';

const EDITABLE = ['realName', 'mobile', 'email', 'landline', 'postalAddress', 'urgentContacts', 'urgentTelePhone', 'signature'] as const;
type Editable = (typeof EDITABLE)[number];

/** Base information: view, edit, avatar upload. */
export function BaseInfoPanel() {
  const t = useT();
  const info = useBaseInfo();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<BaseInfoChange>({});
  const [busy, setBusy] = useState(false);
  const data = info.data;
  if (!data) return info.loading ? <Loader /> : null;

  const startEdit = () => {
    setDraft(Object.fromEntries([...EDITABLE.map((k) => [k, data[k] ?? '']), ['gender', data.gender], ['birthday', data.birthday]]) as BaseInfoChange);
    setEditing(true);
  };
  const save = async () => {
    setBusy(true);
    try {
      const change: BaseInfoChange = { ...draft };
      for (const k of EDITABLE) if (k !== 'realName' && change[k] === '') (change as Record<string, unknown>)[k] = null;
      await info.save(change);
      setEditing(false);
    } catch {
      /* the client showed the message */
    } finally {
      setBusy(false);
    }
  };
  const field = (k: Editable) => (
    <TextInput key={k} label={t(`me.field.${k}`)} value={String(draft[k] ?? '')} onChange={(e) => setDraft((d) => ({ ...d, [k]: e.currentTarget.value }))} data-testid={`base-${k}`} required={k === 'realName'} />
  );
  const gender = (g: number | null | undefined) => (g === 1 ? t('me.male') : g === 2 ? t('me.female') : t('me.undisclosed'));
  const view: [string, string | null | undefined][] = [
    [t('me.field.account'), data.account],
    [t('me.field.realName'), data.realName],
    [t('me.field.gender'), gender(data.gender)],
    [t('me.field.mobile'), data.mobile],
    [t('me.field.email'), data.email],
    [t('me.field.birthday'), data.birthday ? dayjs(data.birthday).format('YYYY-MM-DD') : null],
    [t('home.organisation'), data.organizeName],
    [t('home.department'), data.departmentName],
    [t('home.position'), data.positionName],
    [t('me.field.roles'), data.roleName],
    [t('me.field.manager'), data.managerName],
    [t('me.field.landline'), data.landline],
    [t('me.field.postalAddress'), data.postalAddress],
    [t('me.field.urgentContacts'), data.urgentContacts],
    [t('me.field.urgentTelePhone'), data.urgentTelePhone],
    [t('me.field.signature'), data.signature],
  ];
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Stack align="center">
          <Avatar src={data.headIcon || null} size={96} radius="xl" color="blue" data-testid="profile-avatar">
            {data.realName.slice(0, 1)}
          </Avatar>
          <FileButton accept="image/png,image/jpeg,image/gif,image/webp" onChange={(file) => file && void info.uploadAvatar(file).catch(() => undefined)}>
            {(props) => (
              <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} />} data-testid="avatar-upload">
                {t('me.uploadAvatar')}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {editing ? (
          <Stack gap="sm" data-testid="base-edit">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {field('realName')}
              <Select
                label={t('me.field.gender')}
                value={draft.gender == null ? '0' : String(draft.gender)}
                onChange={(v) => setDraft((d) => ({ ...d, gender: Number(v ?? 0) }))}
                data={[
                  { value: '1', label: t('me.male') },
                  { value: '2', label: t('me.female') },
                  { value: '0', label: t('me.undisclosed') },
                ]}
              />
              {field('mobile')}
              {field('email')}
              <TextInput
                type="date"
                label={t('me.field.birthday')}
                value={draft.birthday ? dayjs(draft.birthday).format('YYYY-MM-DD') : ''}
                onChange={(e) => setDraft((d) => ({ ...d, birthday: e.currentTarget.value ? dayjs(e.currentTarget.value).valueOf() : null }))}
              />
              {field('landline')}
              {field('urgentContacts')}
              {field('urgentTelePhone')}
            </SimpleGrid>
            {field('postalAddress')}
            <Textarea label={t('me.field.signature')} value={String(draft.signature ?? '')} onChange={(e) => setDraft((d) => ({ ...d, signature: e.currentTarget.value }))} />
            <Group>
              <Button loading={busy} onClick={() => void save()} data-testid="base-save">
                {t('me.save')}
              </Button>
              <Button variant="default" onClick={() => setEditing(false)}>
                {t('app.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm" data-testid="base-view">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {view.map(([label, value]) => (
                <Group key={label} gap="xs" wrap="nowrap">
                  <Text size="sm" c="dimmed" w={96}>
                    {label}
                  </Text>
                  <Text size="sm">{value || '-'}</Text>
                </Group>
              ))}
            </SimpleGrid>
            <Group>
              <Button onClick={startEdit} data-testid="base-edit-button">
                {t('me.edit')}
              </Button>
            </Group>
          </Stack>
        )}
      </Grid.Col>
    </Grid>
  );
}

export type { BaseInfo };
