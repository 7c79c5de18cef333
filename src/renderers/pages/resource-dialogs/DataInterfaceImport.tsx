import { fileImportDialog } from './FileImport';

/** Uploads an exported interface file; the server checks it as the form does (and refuses a taken code). */
export const DataInterfaceImport = fileImportDialog({
  url: '/api/system/DataInterface/Action/Import',
  name: 'dataInterfaceImport',
  texts: { title: 'dataInterfaceAdmin.importTitle', file: 'dataInterfaceAdmin.importFile', button: 'dataInterfaceAdmin.import' },
});
