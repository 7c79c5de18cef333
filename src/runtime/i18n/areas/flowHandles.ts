import { defineMessages } from '../define';

/** Flow handles beyond pass and return (issue 16 items 2, 5, 6): transfer, add-sign, assign, change, terminate, timers, print. */
export const flowHandlesMessages = defineMessages({
  'zh-CN': {
    'flowHandles.title': '流程办理',
  },
  'zh-TW': {
    'flowHandles.title': '流程辦理',
  },
  en: {
    'flowHandles.title': 'Flow handling',
  },
});
