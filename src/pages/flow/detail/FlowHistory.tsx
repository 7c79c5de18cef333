import { Image, Text, Timeline } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useT } from '../../../app/i18n';
import type { FlowRecord } from '../../../app/api/flow';
import { formatTime, handleKey } from '../flowCodes';

/** Each handle's icon: pass, initiate and revive go forward; return and withdraw go back; terminate stops. */
function iconOf(handle: number) {
  if (handle === 1) return <IconCheck size={12} aria-hidden />;
  if (handle === 2 || handle === 9) return <IconPlayerPlay size={12} aria-hidden />;
  if (handle === 0 || handle === 3) return <IconArrowBackUp size={12} aria-hidden />;
  if (handle === 4) return <IconX size={12} aria-hidden />;
  return null;
}

/** The history (审批记录): each record's step, person, handle (spec 3's handle codes), opinion, signature and time, oldest first. */
export function FlowHistory({ records }: { records: FlowRecord[] }) {
  const t = useT();
  return (
    <Timeline active={records.length - 1} bulletSize={20} lineWidth={2} data-testid="flow-history">
      {records.map((r) => (
        <Timeline.Item
          key={r.id}
          bullet={iconOf(r.handleStatus)}
          title={<span>{r.nodeName} · {r.userName}</span>}
          data-handle={r.handleStatus}
          data-testid="flow-record"
        >
          <Text size="sm" fw={600} data-testid="flow-record-handle">{t(handleKey(r.handleStatus))}</Text>
          {r.opinion ? <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="flow-record-opinion">{r.opinion}</Text> : null}
          {r.signImg ? (
            <Image src={r.signImg} alt={t('flowUi.sign.alt', { name: r.userName })} h={48} w="auto" fit="contain" bg="white" mt={4} style={{ border: '1px solid var(--mantine-color-gray-3)', maxWidth: 200 }} data-testid="flow-record-sign" />
          ) : null}
          <Text size="xs" c="dimmed">{formatTime(r.createdAt)}</Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
