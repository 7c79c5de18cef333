import { Button, Group, Modal, MultiSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useT } from '../../../app/i18n';
import { createEntrust, listFlows, updateEntrust, type Entrust } from '../../../app/api/flowLaunch';
import { UserPick } from '../launch/UserPick';

const LOCAL = 'YYYY-MM-DDTHH:mm';
const toInput = (ms: number | undefined) => (ms ? dayjs(ms).format(LOCAL) : '');
const fromInput = (text: string) => (text ? dayjs(text).valueOf() : NaN);

/**
 * Create or edit an entrust: the delegate (the platform's user picker), the flows (none: all),
 * the period and a description. The server checks the rest (not oneself, end after start, no
 * overlapping entrust of the same flow); its refusal is shown by the API client and the form stays.
 */
export function EntrustForm({ editing, onClose, onSaved }: { editing: Entrust | null; onClose(): void; onSaved(): void }) {
  const t = useT();
  const flows = useQuery({ queryKey: ['flowLaunch', 'flows'], queryFn: listFlows });
  const [toUserId, setToUserId] = useState<string | null>(editing?.toUserId ?? null);
  const [engineIds, setEngineIds] = useState<string[]>(editing?.engineIds ?? []);
  const [start, setStart] = useState(toInput(editing?.startTime ?? dayjs().startOf('hour').valueOf()));
  const [end, setEnd] = useState(toInput(editing?.endTime ?? dayjs().startOf('hour').add(7, 'day').valueOf()));
  const [description, setDescription] = useState(editing?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const required = (ok: boolean, key: 'colTo' | 'colStart' | 'colEnd') => (ok ? null : t('flowLaunch.required', { field: t(`flowLaunch.${key}`) }));
    const found = Object.fromEntries(Object.entries({ toUser: required(!!toUserId, 'colTo'), start: required(!!start, 'colStart'), end: required(!!end, 'colEnd') }).filter(([, v]) => v)) as Record<string, string>;
    if (!found.end && !found.start && fromInput(end) <= fromInput(start)) found.end = t('flowLaunch.entrustEndBeforeStart');
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = { toUserId: toUserId!, engineIds: engineIds.length ? engineIds : null, startTime: fromInput(start), endTime: fromInput(end), description: description.trim() || null };
    setBusy(true);
    try {
      if (editing) await updateEntrust(editing.id, body);
      else await createEntrust(body);
      notifications.show({ message: t('flowLaunch.saved'), color: 'green', autoClose: 1500 });
      onSaved();
    } catch {
      // shown by the API client; the form stays open
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t(editing ? 'flowLaunch.entrustEdit' : 'flowLaunch.entrustAdd')} size="lg">
      <Stack data-testid="entrust-form">
        <UserPick id="entrust-to-user" label={t('flowLaunch.colTo')} value={toUserId} onChange={(v) => setToUserId(Array.isArray(v) ? (v[0] ?? null) : v)} error={errors.toUser} />
        <MultiSelect label={t('flowLaunch.colFlows')} description={t('flowLaunch.flowsHint')} searchable clearable value={engineIds} onChange={setEngineIds}
          data={(flows.data ?? []).map((f) => ({ value: f.id, label: f.fullName }))} data-testid="entrust-flows" />
        <Group grow>
          <TextInput type="datetime-local" label={t('flowLaunch.colStart')} value={start} onChange={(e) => setStart(e.currentTarget.value)} error={errors.start} data-testid="entrust-start" />
          <TextInput type="datetime-local" label={t('flowLaunch.colEnd')} value={end} onChange={(e) => setEnd(e.currentTarget.value)} error={errors.end} data-testid="entrust-end" />
        </Group>
        <Textarea label={t('flowLaunch.colDescription')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={500} data-testid="entrust-description" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('flowLaunch.cancel')}</Button>
          <Button loading={busy} onClick={() => void save()} data-testid="entrust-save">{t('flowLaunch.confirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
