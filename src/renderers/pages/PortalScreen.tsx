import { useEffect, useState } from 'react';
import { Group, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import type { CompiledPortalPage } from '../../runtime/model/pages';
import { useAsync } from '../data/hooks';
import { PageState } from './PageState';
import { loadPortalRows, PortalGrid, type PortalRows } from './PortalPage';
import classes from './PortalScreen.module.css';

/** How often a screen reads its data interfaces again: a wall screen is left open for hours. */
const REFRESH_MS = 60_000;

/** The wall clock in the spec's format (yyyy-MM-dd HH:mm:ss, 24-hour). */
function Clock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text className={classes.clock} data-testid="screen-clock">
      {dayjs(now).format('YYYY-MM-DD HH:mm:ss')}
    </Text>
  );
}

/**
 * A data-visualisation view (menu type 6) drawn as a big screen: the portal descriptor the
 * view names, full window on a dark ground, its name as the screen's title, its panels on the
 * portal grid, data read again every minute.
 */
export function PortalScreen({ portalId, menuPath }: { portalId: string; menuPath?: (enCode: string) => string | null }) {
  const page = useAsync<CompiledPortalPage>((p) => p.getPortal(portalId), [portalId]);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const rows = useAsync<PortalRows>(page.data ? (p) => loadPortalRows(p, page.data!) : null, [page.data, tick]);
  return (
    <div className={classes.screen} data-testid="data-screen" data-portal-id={portalId}>
      <Group className={classes.header} justify="space-between" wrap="nowrap">
        <span className={classes.side} />
        <Title order={1} className={classes.title} data-testid="screen-title">
          {page.data?.fullName ?? ''}
        </Title>
        <span className={classes.side}>
          <Clock />
        </span>
      </Group>
      {page.data ? <PortalGrid page={page.data} data={rows.data} loading={rows.loading && !rows.data} menuPath={menuPath} /> : <PageState loading={page.loading} error={page.error} />}
    </div>
  );
}
