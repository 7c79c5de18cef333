import { useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Badge, Group, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useT } from '../../../app/i18n';
import { sessionAtom } from '../../../app/session/session';
import type { Pickup, PickupHead } from '../../../app/api/pickup';

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Whether the signed-in user holds a permission code (the server decides; this only shows or hides staff actions). */
export function useHasCode(code: string): boolean {
  const info = useAtomValue(sessionAtom)?.userInfo;
  return !!info && (!!info.isAdministrator || (info.permissionCodes ?? []).includes(code));
}

export const said = (msg: string) => notifications.show({ color: 'green', message: msg, autoClose: 1500 });

/** Vehicle, driver, phone and planned date of a pickup (the date as the local day's midnight). */
export function useHead() {
  const tomorrow = new Date(Date.now() + 86_400_000);
  const [head, setHead] = useState({ vehicle: '', driver: '', phone: '', date: dayText(tomorrow), note: '' });
  const value = (): PickupHead => {
    const [y, m, d] = head.date.split('-').map(Number);
    return { vehicle: head.vehicle, driver: head.driver, phone: head.phone, plannedDate: new Date(y ?? 0, (m ?? 1) - 1, d ?? 1).getTime(), note: head.note };
  };
  return { head, setHead, value };
}

export function HeadFields({ state }: { state: ReturnType<typeof useHead> }) {
  const t = useT();
  const { head, setHead } = state;
  const field = (k: keyof typeof head, label: string, type = 'text') => (
    <TextInput label={label} type={type} required={k !== 'note'} value={head[k]} data-testid={`pickup-${k}`} onChange={(e) => setHead({ ...head, [k]: e.currentTarget.value })} />
  );
  return (
    <Group grow align="flex-start">
      {field('vehicle', t('pickupUi.vehicle'))}
      {field('driver', t('pickupUi.driver'))}
      {field('phone', t('pickupUi.phone'))}
      {field('date', t('pickupUi.plannedDate'), 'date')}
      {field('note', t('pickupUi.note'))}
    </Group>
  );
}

export function StatusBadge({ status }: { status: number }) {
  const t = useT();
  const key = status === 1 ? 'pickupUi.status1' : status === 2 ? 'pickupUi.status2' : 'pickupUi.status3';
  return <Badge color={status === 1 ? 'blue' : status === 2 ? 'green' : 'gray'} variant="light">{t(key)}</Badge>;
}

/** Pickups with their lines; `action` adds a cell (cancel, confirm). */
export function PickupTable({ list, action, testId }: { list: Pickup[]; action?: (p: Pickup) => ReactNode; testId: string }) {
  const t = useT();
  if (list.length === 0) return <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>{t('pickupUi.empty')}</Text>;
  return (
    <Table striped withTableBorder data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('pickupUi.pickupNo')}</Table.Th><Table.Th>{t('pickupUi.organisation')}</Table.Th><Table.Th>{t('pickupUi.lines')}</Table.Th>
          <Table.Th>{t('pickupUi.vehicle')}</Table.Th><Table.Th>{t('pickupUi.driver')}</Table.Th><Table.Th>{t('pickupUi.plannedDate')}</Table.Th>
          <Table.Th>{t('pickupUi.planned')}</Table.Th><Table.Th>{t('pickupUi.actualKg')}</Table.Th><Table.Th>{t('pickupUi.status')}</Table.Th>{action ? <Table.Th /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.map((p) => (
          <Table.Tr key={p.id} data-testid={`pickup-row-${p.pickupNo}`}>
            <Table.Td data-cell="pickupNo">{p.pickupNo}</Table.Td>
            <Table.Td>{p.organizeName}</Table.Td>
            <Table.Td>{p.lines.map((l) => <Text key={l.id} size="xs">{`${l.orderNo} ${l.goodsName} ${l.spec} ${l.plannedText}${l.actualText ? ` → ${l.actualText}` : ''}`}</Text>)}</Table.Td>
            <Table.Td>{p.vehicle}</Table.Td><Table.Td>{p.driver} {p.phone}</Table.Td>
            <Table.Td>{dayText(new Date(p.plannedDate))}</Table.Td>
            <Table.Td data-cell="planned">{p.plannedText}</Table.Td><Table.Td data-cell="actual">{p.actualText}</Table.Td>
            <Table.Td data-cell="status"><StatusBadge status={p.status} /></Table.Td>
            {action ? <Table.Td>{action(p)}</Table.Td> : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
