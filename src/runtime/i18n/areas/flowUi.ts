import { defineMessages } from '../define';

/** The to-do and flow detail pages (issue 16 item 2): /daiban and /workFlowDetail. */
export const flowUiMessages = defineMessages({
  'zh-CN': {
    'flowUi.title': '待办事项',
  },
  'zh-TW': {
    'flowUi.title': '待辦事項',
  },
  en: {
    'flowUi.title': 'To-do',
  },
});
