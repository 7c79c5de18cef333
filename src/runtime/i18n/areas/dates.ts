import { defineMessages } from '../define';

/** Texts of the date and time inputs (labels read by screen readers; the calendars' own names come from dayjs). */
export const datesMessages = defineMessages({
  'zh-CN': {
    'dates.hours': '时',
    'dates.minutes': '分',
    'dates.seconds': '秒',
    'dates.rangeStart': '开始时间',
    'dates.rangeEnd': '结束时间',
    'dates.clear': '清空',
  },
  'zh-TW': {
    'dates.hours': '時',
    'dates.minutes': '分',
    'dates.seconds': '秒',
    'dates.rangeStart': '開始時間',
    'dates.rangeEnd': '結束時間',
    'dates.clear': '清空',
  },
  en: {
    'dates.hours': 'Hours',
    'dates.minutes': 'Minutes',
    'dates.seconds': 'Seconds',
    'dates.rangeStart': 'Start time',
    'dates.rangeEnd': 'End time',
    'dates.clear': 'Clear',
  },
});
