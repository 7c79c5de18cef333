import type { Locale } from './index';

/** 0 Sunday … 6 Saturday, as dayjs and Mantine count. */
export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface DateLocale {
  /** The dayjs locale name (its file under dayjs/locale). */
  dayjs: string;
  /** Mainland calendars start on Monday; Taiwan and US English ones on Sunday (as each dayjs locale says). */
  firstDayOfWeek: WeekDay;
  /** Calendar header of a month ("2026年11月", "November 2026"). */
  monthLabel: string;
  /** Calendar header of a year ("2026年", "2026"). */
  yearLabel: string;
}

/**
 * How each UI language writes calendar headers. Values in fields and cells keep the spec's
 * numeric formats (yyyy-MM-dd HH:mm:ss) in every language, and times are 24-hour everywhere.
 */
export const DATE_LOCALES: Record<Locale, DateLocale> = {
  'zh-CN': { dayjs: 'zh-cn', firstDayOfWeek: 1, monthLabel: 'YYYY年M月', yearLabel: 'YYYY年' },
  'zh-TW': { dayjs: 'zh-tw', firstDayOfWeek: 0, monthLabel: 'YYYY年M月', yearLabel: 'YYYY年' },
  en: { dayjs: 'en', firstDayOfWeek: 0, monthLabel: 'MMMM YYYY', yearLabel: 'YYYY' },
};

/** Time fields always speak 24-hour time. */
export const TIME_FORMAT = '24h' as const;
