import { defineMessages } from '../define';

/** The administrators' logs (/api/system/Log: login, request and audit logs, issue 11 item 7). */
export const logsMessages = defineMessages({
  'zh-CN': {
    'logs.notFound': '日志记录不存在',
    'logs.timeRangeInvalid': '时间范围无效：请给出开始和结束时间（毫秒），开始不晚于结束',
  },
  'zh-TW': {
    'logs.notFound': '日誌記錄不存在',
    'logs.timeRangeInvalid': '時間範圍無效：請給出開始和結束時間（毫秒），開始不晚於結束',
  },
  en: {
    'logs.notFound': 'The log entry does not exist',
    'logs.timeRangeInvalid': 'Invalid time range: give a start and an end time (milliseconds), the start not after the end',
  },
});
