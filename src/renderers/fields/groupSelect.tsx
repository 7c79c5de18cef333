import { ableIdsOf, pickerRenderer } from './shared/pickers/Picker';
import { pickerCalls } from './shared/pickers/calls';
import { idItem, onlyIds, treeLeft } from './shared/pickers/TreeLeft';

/** 分组选择: the enabled permission groups; custom mode: only the `ableIds` groups. */
export const groupSelectRenderer = pickerRenderer<'groupSelect'>({
  titleKey: 'pickers.title.group',
  Left: treeLeft({
    load: async (data, props) => onlyIds(await pickerCalls.groups(data), ableIdsOf(props), 'group'),
    selectable: (node) => !node.disabled && node.type === 'group',
    toItem: idItem,
  }),
});
