import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { unreadAtom } from '../../realtime/socket';
import { MessageDrawer } from './MessageDrawer';
import { refreshUnread } from './unread';

/** The header's bell: my unread in-site messages (announcements, flow, system), opening the message drawer. */
export function MessageBell() {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const counts = useAtomValue(unreadAtom);
  // right on first paint even before (or without) the socket's initMessage
  useEffect(() => {
    void refreshUnread().catch(() => undefined);
  }, []);
  const n = counts ? Math.max(0, counts.notices + counts.messages + counts.system) : 0;
  const label = n ? t('message.bellUnread', { n }) : t('message.bell');
  return (
    <>
      <Tooltip label={label}>
        <Indicator label={n > 99 ? '99+' : n} size={16} disabled={n === 0} color="red" offset={4} data-testid="message-badge" data-count={n}>
          <ActionIcon variant="subtle" color="gray" onClick={() => setOpened(true)} aria-label={label} data-testid="message-bell">
            <IconBell size={18} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <MessageDrawer opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
