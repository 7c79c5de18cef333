import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Menu, Select, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsMaximize, IconArrowsMinimize, IconSearch, IconSettings, IconTextSize } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import type { ComboboxParsedItem } from '@mantine/core';
import { useT } from '../i18n';
import { menuRoutesAtom } from '../session/session';
import { settingsAtom, updateSettings } from '../settings/settings';
import { SIZES } from '../settings/settings-core';
import { createMenuSearch, searchEntries } from './menu-logic';
import { useActivateMenu } from './useActivateMenu';

/** Header menu search: fuzzy (fuse.js) over titles and paths of permitted, non-hidden entries. */
export function MenuSearch() {
  const t = useT();
  const { searchable } = useAtomValue(menuRoutesAtom);
  const activate = useActivateMenu();
  const entries = useMemo(() => searchEntries(searchable), [searchable]);
  const search = useMemo(() => createMenuSearch(entries), [entries]);
  const data = useMemo(() => entries.map((e) => ({ value: e.id, label: e.title })), [entries]);
  const filter = ({ options, search: text }: { options: ComboboxParsedItem[]; search: string }) => {
    const byId = new Map(options.map((o) => ['value' in o ? o.value : '', o] as const));
    return search(text)
      .map((e) => byId.get(e.id))
      .filter((o): o is ComboboxParsedItem => Boolean(o));
  };
  return (
    <Select
      w={200}
      size="xs"
      searchable
      clearable
      value={null}
      data={data}
      filter={filter}
      leftSection={<IconSearch size={14} />}
      placeholder={t('header.searchPlaceholder')}
      nothingFoundMessage={t('header.searchEmpty')}
      aria-label={t('header.search')}
      data-testid="menu-search"
      comboboxProps={{ withinPortal: true }}
      onChange={(id) => {
        const entry = entries.find((e) => e.id === id);
        if (entry) activate(entry.node);
      }}
    />
  );
}

/** Full-screen toggle; warns '不支持全屏' when the browser cannot. */
export function FullscreenToggle() {
  const t = useT();
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const sync = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const onClick = () => {
    if (typeof document === 'undefined' || !document.fullscreenEnabled || !document.documentElement.requestFullscreen) {
      notifications.show({ color: 'yellow', message: t('header.fullscreenUnsupported'), autoClose: 1500 });
      return;
    }
    const change = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => notifications.show({ color: 'yellow', message: t('header.fullscreenUnsupported'), autoClose: 1500 }));
  };
  return (
    <Tooltip label={t(fullscreen ? 'header.exitFullscreen' : 'header.fullscreen')}>
      <ActionIcon variant="subtle" color="gray" onClick={onClick} aria-label={t('header.fullscreen')} data-testid="fullscreen-toggle">
        {fullscreen ? <IconArrowsMinimize size={18} /> : <IconArrowsMaximize size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** Size selector: default, medium, small, mini. */
export function SizePicker() {
  const t = useT();
  const { size } = useAtomValue(settingsAtom);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('header.size')}>
          <ActionIcon variant="subtle" color="gray" aria-label={t('header.size')} data-testid="size-picker">
            <IconTextSize size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {SIZES.map((s) => (
          <Menu.Item key={s} fw={s === size ? 700 : undefined} onClick={() => void updateSettings({ size: s })} data-testid={`size-${s}`}>
            {t(`size.${s}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function SettingsButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <Tooltip label={t('settings.title')}>
      <ActionIcon variant="subtle" color="gray" onClick={onClick} aria-label={t('settings.title')} data-testid="settings-open">
        <IconSettings size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
