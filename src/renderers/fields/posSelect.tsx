import { ableIdsOf, pickerRenderer } from './shared/pickers/Picker';
import { pickerCalls } from './shared/pickers/calls';
import { idItem, treeLeft } from './shared/pickers/TreeLeft';

/** 岗位选择: positions as leaves under their organisations; custom mode: only the `ableIds` positions. */
export const posSelectRenderer = pickerRenderer<'posSelect'>({
  titleKey: 'pickers.title.position',
  Left: treeLeft({
    load: (data, props) => pickerCalls.positions(data, { ableIds: ableIdsOf(props) }),
    selectable: (node) => !node.disabled && node.type === 'position',
    toItem: idItem,
  }),
});
