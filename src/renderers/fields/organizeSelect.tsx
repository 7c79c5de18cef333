import { ableIdsOf, pickerRenderer } from './shared/pickers/Picker';
import { pickerCalls } from './shared/pickers/calls';
import { treeLeft } from './shared/pickers/TreeLeft';

/**
 * 组织选择: companies and departments; the value is the path of ids from the top (a list of paths
 * when multiple). Auth mode (`auth`) lists only the organisations the caller may access, companies
 * only with `companiesOnly`; custom mode (`selectType: 'custom'`) the `ableIds` and below.
 */
export const organizeSelectRenderer = pickerRenderer<'organizeSelect'>({
  titleKey: 'pickers.title.organize',
  paths: true,
  Left: treeLeft({
    load: (data, props) => pickerCalls.organizations(data, { auth: props.auth === true, companiesOnly: props.companiesOnly === true || props.isOnlyOrg === true, ableIds: ableIdsOf(props) }),
    selectable: (node) => !node.disabled && (node.type === 'company' || node.type === 'department'),
    toItem: (node, path) => {
      const ids = node.organizeIds?.length ? node.organizeIds : [...path.map((p) => p.id), node.id];
      return { key: ids.join('/'), value: ids, label: [...path.map((p) => p.fullName), node.fullName].join('/') };
    },
  }),
});
