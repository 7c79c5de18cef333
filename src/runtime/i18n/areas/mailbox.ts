import { defineMessages } from '../define';

/** The mailbox: accounts, receiving, reading, writing and sending mail (issue 21 item 2). */
export const mailboxMessages = defineMessages({
  'zh-CN': {
    'mailbox.title': '邮件',
  },
  'zh-TW': {
    'mailbox.title': '郵件',
  },
  en: {
    'mailbox.title': 'Mail',
  },
});
