import { CheckIcon, ColorSwatch, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { LOCALES, isLocale } from '../../runtime/i18n';
import { useLocale, useT } from '../../app/i18n';
import { chooseLanguage, settingsAtom, updateSettings } from '../../app/settings/settings';
import { LAYOUTS, isLayout } from '../../app/settings/settings-core';
import { COLOUR_THEMES, THEME_BASE } from '../../app/theme';

/** Theme (layout and colour) and language, kept on the server for the user. */
export function PreferencesPanel() {
  const t = useT();
  const locale = useLocale();
  const settings = useAtomValue(settingsAtom);
  return (
    <Stack maw={560} data-testid="preferences">
      <Text fw={500}>{t('settings.layout')}</Text>
      <SegmentedControl
        value={settings.layoutType}
        onChange={(v) => isLayout(v) && void updateSettings({ layoutType: v })}
        data={LAYOUTS.map((l) => ({ value: l, label: t(`settings.layout.${l}`) }))}
      />
      <Text fw={500}>{t('settings.theme')}</Text>
      <Group gap={8}>
        {COLOUR_THEMES.map((c) => (
          <ColorSwatch key={c} component="button" color={THEME_BASE[c]} onClick={() => void updateSettings({ themeColor: c })} style={{ color: '#fff', cursor: 'pointer' }} aria-label={t(`theme.${c}`)} data-testid={`pref-theme-${c}`}>
            {settings.themeColor === c && <CheckIcon style={{ width: 12, height: 12 }} />}
          </ColorSwatch>
        ))}
      </Group>
      <Text fw={500}>{t('lang.label')}</Text>
      <SegmentedControl value={locale} onChange={(v) => isLocale(v) && void chooseLanguage(v)} data={LOCALES.map((l) => ({ value: l, label: t(`lang.${l}`) }))} data-testid="pref-language" />
    </Stack>
  );
}
