import { defineMessages } from '../define';

/** The administration console's remaining parts (issue 11): settings-page uploads (the system logo). */
export const consoleExtrasMessages = defineMessages({
  'zh-CN': {
    'consoleExtras.uploadedSaveToApply': '{field}已上传，保存后生效',
  },
  'zh-TW': {
    'consoleExtras.uploadedSaveToApply': '{field}已上傳，儲存後生效',
  },
  en: {
    'consoleExtras.uploadedSaveToApply': '{field} uploaded; save to apply it',
  },
});
