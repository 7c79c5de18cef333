import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { LOCALES } from '../../runtime/i18n';
import { useLocale, useT } from '../i18n';
import { chooseLanguage } from '../settings/settings';

/** Simplified Chinese, traditional Chinese, English; the choice is stored locally. */
export function LanguagePicker({ variant = 'subtle' }: { variant?: 'subtle' | 'default' }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant={variant} size="compact-sm" leftSection={<IconLanguage size={16} />} aria-label={t('lang.label')} data-testid="language-picker">
          {t(`lang.${locale}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((l) => (
          <Menu.Item key={l} onClick={() => void chooseLanguage(l)} data-testid={`language-${l}`} fw={l === locale ? 700 : undefined}>
            {t(`lang.${l}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
