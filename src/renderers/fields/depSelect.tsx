import { ableIdsOf, pickerRenderer } from './shared/pickers/Picker';
import { pickerCalls } from './shared/pickers/calls';
import { idItem, treeLeft } from './shared/pickers/TreeLeft';

/** 部门选择: departments under their companies (companies are folders); custom mode: `ableIds` and below. */
export const depSelectRenderer = pickerRenderer<'depSelect'>({
  titleKey: 'pickers.title.department',
  Left: treeLeft({
    load: (data, props) => pickerCalls.departments(data, { ableIds: ableIdsOf(props) }),
    selectable: (node) => !node.disabled && node.type === 'department',
    toItem: idItem,
  }),
});
