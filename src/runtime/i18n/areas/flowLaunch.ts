import { defineMessages } from '../define';

/** Starting a flow from its form and entrusts (issue 16 items 2, 3): the launch page and /workFlow/entrust. */
export const flowLaunchMessages = defineMessages({
  'zh-CN': {
    'flowLaunch.title': '发起流程',
  },
  'zh-TW': {
    'flowLaunch.title': '發起流程',
  },
  en: {
    'flowLaunch.title': 'Start a flow',
  },
});
