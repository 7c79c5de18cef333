import { defineMessages } from '../define';

/** Keyboard use (issue 19): the skip link to the main content and the question before a form's changes are dropped. */
export const keyboardMessages = defineMessages({
  'zh-CN': {
    'keyboard.skipToMain': '跳到主要内容',
    'keyboard.discardChanges': '有未保存的修改，确定关闭吗？',
  },
  'zh-TW': {
    'keyboard.skipToMain': '跳到主要內容',
    'keyboard.discardChanges': '有未儲存的修改，確定關閉嗎？',
  },
  en: {
    'keyboard.skipToMain': 'Skip to main content',
    'keyboard.discardChanges': 'You have unsaved changes. Close anyway?',
  },
});
