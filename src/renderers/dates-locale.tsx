import { useMemo, type ReactNode } from 'react';
import { MantineThemeProvider, type MantineThemeOverride } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/en';
import { DATE_LOCALES } from '../runtime/i18n/dates';
import type { Locale } from '../runtime/i18n';

/** Makes `locale` dayjs's default too, so date text formatted outside a picker speaks it. */
export function applyDayjsLocale(locale: Locale): void {
  dayjs.locale(DATE_LOCALES[locale].dayjs);
}

/**
 * Calendars in the user's language: month and weekday names from the dayjs locale, the week
 * starting where that locale starts it, and headers written as the language writes them
 * ("2026年11月"). Mantine's DatesProvider has no header format, so those come as theme
 * defaults of the calendar levels, inherited from the surrounding theme.
 */
export function DatesLocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const spec = DATE_LOCALES[locale];
  const theme = useMemo<MantineThemeOverride>(
    () => ({
      components: {
        MonthLevel: { defaultProps: { monthLabelFormat: spec.monthLabel } },
        YearLevel: { defaultProps: { yearLabelFormat: spec.yearLabel } },
      },
    }),
    [spec],
  );
  return (
    <DatesProvider settings={{ locale: spec.dayjs, firstDayOfWeek: spec.firstDayOfWeek }}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </DatesProvider>
  );
}
