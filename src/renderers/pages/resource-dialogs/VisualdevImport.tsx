import { notifications } from '@mantine/notifications';
import { fileImportDialog } from './FileImport';

/** Uploads an exported model definition; the server compiles it and keeps it as a draft (a taken code gets a suffix, which the user is told). */
export const VisualdevImport = fileImportDialog({
  url: '/api/visualdev/Base/Action/Import',
  name: 'visualdevImport',
  texts: { title: 'onlineDev.importTitle', file: 'onlineDev.importFile', button: 'onlineDev.import', hint: 'onlineDev.importHint' },
  onImported: (reply, t) => notifications.show({ message: t('onlineDev.importedAs', { code: (reply as { enCode?: string } | null)?.enCode ?? '' }), color: 'green' }),
});
