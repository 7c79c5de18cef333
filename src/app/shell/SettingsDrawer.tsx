import { CheckIcon, ColorSwatch, Divider, Drawer, Group, Select, SegmentedControl, SimpleGrid, Stack, Switch, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { LOCALES, isLocale } from '../../runtime/i18n';
import { useLocale, useT } from '../i18n';
import { chooseLanguage, settingsAtom, updateSettings } from '../settings/settings';
import { LAYOUTS, type Layout, type Settings } from '../settings/settings-core';
import { COLOUR_THEMES, THEME_BASE } from '../theme';
import classes from './shell.module.css';

/** A small drawing of each layout: where the menu sits. */
function LayoutSketch({ layout }: { layout: Layout }) {
  const side = layout === 'classic' ? 18 : layout === 'plain' ? 7 : layout === 'blend' ? 14 : 0;
  const top = layout === 'functional' || layout === 'blend';
  return (
    <svg width="64" height="44" viewBox="0 0 64 44" aria-hidden>
      <rect x="0.5" y="0.5" width="63" height="43" rx="3" fill="#f1f3f5" stroke="#ced4da" />
      <rect x="1" y="1" width="62" height="9" rx="2" fill={top ? '#1c2b3a' : '#ffffff'} />
      {side > 0 && <rect x="1" y={top ? 10 : 1} width={side} height={top ? 33 : 42} fill={top ? '#ffffff' : '#1c2b3a'} />}
    </svg>
  );
}

/** The settings drawer (spec 2.6): layout, side, colour theme, switches, language. */
export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const settings = useAtomValue(settingsAtom);
  const set = (change: Partial<Settings>) => void updateSettings(change);
  const switches = ['tagsView', 'tagsIcon', 'useCache', 'showLanguage', 'showSearch'] as const;
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={320} title={t('settings.title')} data-testid="settings-drawer">
      <Stack gap="md">
        <Divider label={t('settings.layout')} labelPosition="center" />
        <SimpleGrid cols={2} spacing="xs">
          {LAYOUTS.map((layout) => (
            <UnstyledButton key={layout} className={classes.layoutChoice} data-active={settings.layoutType === layout} onClick={() => set({ layoutType: layout })} data-testid={`layout-${layout}`}>
              <Stack gap={2} align="center">
                <LayoutSketch layout={layout} />
                <Text size="xs">{t(`settings.layout.${layout}`)}</Text>
              </Stack>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        <Divider label={t('settings.side')} labelPosition="center" />
        <SegmentedControl
          fullWidth
          value={settings.slideClass}
          onChange={(v) => set({ slideClass: v === 'light' ? 'light' : 'dark' })}
          data={[
            { value: 'dark', label: t('settings.sideDark') },
            { value: 'light', label: t('settings.sideLight') },
          ]}
          data-testid="side-choice"
        />
        <Divider label={t('settings.theme')} labelPosition="center" />
        <Group gap={8} justify="center">
          {COLOUR_THEMES.map((colour) => (
            <Tooltip key={colour} label={t(`theme.${colour}`)}>
              <ColorSwatch component="button" color={THEME_BASE[colour]} onClick={() => set({ themeColor: colour })} style={{ color: '#fff', cursor: 'pointer' }} data-testid={`theme-${colour}`} aria-label={t(`theme.${colour}`)}>
                {settings.themeColor === colour && <CheckIcon style={{ width: 12, height: 12 }} />}
              </ColorSwatch>
            </Tooltip>
          ))}
        </Group>
        <Divider label={t('settings.interface')} labelPosition="center" />
        {switches.map((key) => (
          <Switch key={key} label={t(`settings.${key}`)} checked={settings[key]} onChange={(e) => set({ [key]: e.currentTarget.checked })} data-testid={`switch-${key}`} />
        ))}
        <Select
          label={t('lang.label')}
          value={locale}
          allowDeselect={false}
          data={LOCALES.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
          onChange={(v) => {
            if (isLocale(v)) void chooseLanguage(v);
          }}
          data-testid="settings-language"
          comboboxProps={{ withinPortal: true }}
        />
      </Stack>
    </Drawer>
  );
}
