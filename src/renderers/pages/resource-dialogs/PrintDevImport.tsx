import { fileImportDialog } from './FileImport';

/** Uploads an exported print template; the server checks it as the editor's save does (and refuses a taken code). */
export const PrintDevImport = fileImportDialog({
  url: '/api/system/printDev/Actions/Import',
  name: 'printDevImport',
  texts: { title: 'printDev.importTitle', file: 'printDev.importFile', button: 'printDev.import' },
});
