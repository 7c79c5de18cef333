import { defineKind, fileListValue } from './shared/define';
import { fileNames, maxItemsFromLimit } from './shared/files';

/** 图片上传: a list of uploaded images ({ name, fileId, url }). */
export const uploadImg = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'array of images (limit → maxItems)', default: '[]' },
  value: fileListValue,
  defaultValue: () => [],
  constrain: maxItemsFromLimit,
  search: null,
  relatable: false,
  format: fileNames,
});
