import { ableIdsOf, pickerRenderer } from './shared/pickers/Picker';
import { pickerCalls } from './shared/pickers/calls';
import { idItem, onlyIds, treeLeft } from './shared/pickers/TreeLeft';
import { roleTab } from './shared/pickers/selection';

/**
 * 角色选择 (widgets spec 2.3): two tabs, organisation roles and global roles, each filtered by the
 * keyword; only role nodes are picked, a role listed under several organisations is one item (its
 * id), and single mode replaces.
 */
export const roleSelectRenderer = pickerRenderer<'roleSelect'>({
  titleKey: 'pickers.title.role',
  tabs: [
    { value: 'organize', labelKey: 'pickers.tab.organize' },
    { value: 'global', labelKey: 'pickers.tab.global' },
  ],
  Left: treeLeft({
    load: async (data, props, tab) => roleTab(onlyIds(await pickerCalls.roles(data), ableIdsOf(props), 'role'), tab === 'global' ? 'global' : 'organize'),
    selectable: (node) => !node.disabled && node.type === 'role',
    toItem: idItem,
  }),
});
