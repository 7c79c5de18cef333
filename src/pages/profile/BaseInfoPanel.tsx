import { useState } from 'react';
import { Avatar, Button, FileButton, Grid, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconUpload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useT } from '../../app/i18n';
import type { BaseInfo, BaseInfoChange } from '../../app/api/currentUser';
import { useBaseInfo, useProfileOptions, type ProfileOption, type ProfileSelect } from '../../app/hooks/useProfile';

/** Text fields of the form, in the product's names (which are also the i18n suffixes: me.field.<name>). */
const TEXTS = ['realName', 'nativePlace', 'certificatesNumber', 'telePhone', 'landline', 'mobilePhone', 'email', 'urgentContacts', 'urgentTelePhone', 'postalAddress', 'signature'] as const;
type TextField = (typeof TEXTS)[number];

const labelOf = (options: ProfileOption[], value: string | number | null | undefined) =>
  value == null || value === '' ? null : (options.find((o) => o.value === String(value))?.label ?? String(value));
const day = (ms: number | null | undefined) => (ms ? dayjs(ms).format('YYYY-MM-DD') : null);
const moment = (ms: number | null | undefined) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : null);

/** Base information: view, edit (the dictionaries sex, Nation, certificateType and Education feed the selects), avatar upload. */
export function BaseInfoPanel() {
  const t = useT();
  const info = useBaseInfo();
  const options = useProfileOptions();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<BaseInfoChange>({});
  const [busy, setBusy] = useState(false);
  const data = info.data;
  if (!data) return info.loading ? <Loader /> : null;

  const startEdit = () => {
    const { gender, nation, certificatesType, education, birthday } = data;
    setDraft({ ...Object.fromEntries(TEXTS.map((k) => [k, data[k] ?? ''])), gender, nation, certificatesType, education, birthday });
    setEditing(true);
  };
  const save = async () => {
    setBusy(true);
    try {
      const change: BaseInfoChange = { ...draft };
      for (const k of TEXTS) if (k !== 'realName' && change[k] === '') change[k] = null;
      await info.save(change);
      setEditing(false);
    } catch {
      /* the client showed the message */
    } finally {
      setBusy(false);
    }
  };
  const field = (k: TextField) => (
    <TextInput key={k} label={t(`me.field.${k}`)} value={String(draft[k] ?? '')} onChange={(e) => setDraft((d) => ({ ...d, [k]: e.currentTarget.value }))} data-testid={`base-${k}`} required={k === 'realName'} />
  );
  const select = (k: ProfileSelect) => (
    <Select
      key={k}
      label={t(`me.field.${k}`)}
      data={options[k]}
      value={draft[k] == null ? null : String(draft[k])}
      onChange={(v) => setDraft((d) => ({ ...d, [k]: v == null ? null : k === 'gender' ? Number(v) : v }))}
      searchable
      clearable
      data-testid={`base-${k}`}
    />
  );
  const view: [string, string | null | undefined][] = [
    [t('me.field.account'), data.account],
    [t('me.field.realName'), data.realName],
    [t('me.field.gender'), labelOf(options.gender, data.gender)],
    [t('me.field.nation'), labelOf(options.nation, data.nation)],
    [t('me.field.nativePlace'), data.nativePlace],
    [t('me.field.certificatesType'), labelOf(options.certificatesType, data.certificatesType)],
    [t('me.field.certificatesNumber'), data.certificatesNumber],
    [t('me.field.education'), labelOf(options.education, data.education)],
    [t('me.field.birthday'), day(data.birthday)],
    [t('me.field.mobilePhone'), data.mobilePhone],
    [t('me.field.telePhone'), data.telePhone],
    [t('me.field.landline'), data.landline],
    [t('me.field.email'), data.email],
    [t('me.field.organize'), data.organize],
    [t('me.field.position'), data.position],
    [t('me.field.roles'), data.roleId],
    [t('me.field.manager'), data.manager],
    [t('me.field.entryDate'), day(data.entryDate)],
    [t('me.field.creatorTime'), moment(data.creatorTime)],
    [t('me.field.prevLogTime'), moment(data.prevLogTime)],
    [t('me.field.urgentContacts'), data.urgentContacts],
    [t('me.field.urgentTelePhone'), data.urgentTelePhone],
    [t('me.field.postalAddress'), data.postalAddress],
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
              {select('gender')}
              {select('nation')}
              {field('nativePlace')}
              {select('certificatesType')}
              {field('certificatesNumber')}
              {select('education')}
              <DatePickerInput
                label={t('me.field.birthday')}
                valueFormat="YYYY-MM-DD"
                clearable
                data-testid="base-birthday"
                value={draft.birthday ? dayjs(draft.birthday).format('YYYY-MM-DD') : null}
                onChange={(v) => setDraft((d) => ({ ...d, birthday: v ? dayjs(v).valueOf() : null }))}
              />
              {field('telePhone')}
              {field('landline')}
              {field('mobilePhone')}
              {field('email')}
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
