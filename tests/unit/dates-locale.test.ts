import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/runtime/i18n';
import { DATE_LOCALES } from '../../src/runtime/i18n/dates';
import { dayjsFormat } from '../../src/runtime/kinds';

describe('calendars in the user language', () => {
  it('starts the week where each dayjs locale starts it', () => {
    for (const locale of LOCALES) {
      const spec = DATE_LOCALES[locale];
      const loaded = (dayjs.Ls as Record<string, { weekStart?: number }>)[spec.dayjs];
      expect(loaded, spec.dayjs).toBeDefined();
      expect(spec.firstDayOfWeek, locale).toBe(loaded!.weekStart ?? 0);
    }
  });

  it('writes month headers as each language writes them', () => {
    const nov = dayjs('2026-11-05');
    const header = (locale: (typeof LOCALES)[number]) => nov.locale(DATE_LOCALES[locale].dayjs).format(DATE_LOCALES[locale].monthLabel);
    expect(header('zh-CN')).toBe('2026年11月');
    expect(header('zh-TW')).toBe('2026年11月');
    expect(header('en')).toBe('November 2026');
    // Weekday initials as Mantine draws them (format 'dd').
    expect(nov.locale('zh-cn').day(1).format('dd')).toBe('一');
    expect(nov.locale('zh-tw').day(0).format('dd')).toBe('日');
  });

  it('reads designer formats as 24-hour dayjs formats', () => {
    expect(dayjsFormat('yyyy-MM-dd HH:mm:ss')).toBe('YYYY-MM-DD HH:mm:ss');
    expect(dayjsFormat('yyyy-MM-dd hh:mm')).toBe('YYYY-MM-DD HH:mm');
    expect(dayjs('2026-11-05T14:30:00').format(dayjsFormat('hh:mm'))).toBe('14:30');
  });
});
