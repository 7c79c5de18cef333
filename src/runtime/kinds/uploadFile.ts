import { defineKind, fileListValue } from './shared/define';
import { fileNames, maxItemsFromLimit } from './shared/files';

/** 文件上传: a list of uploaded files ({ name, fileId, url, … }). */
export const uploadFile = defineKind({
  group: 'widget',
  aliases: ['uploadFz'],
  stores: true,
  doc: { stores: 'array of files (limit → maxItems)', default: '[]' },
  value: fileListValue,
  defaultValue: () => [],
  constrain: maxItemsFromLimit,
  search: null,
  relatable: false,
  format: fileNames,
});
