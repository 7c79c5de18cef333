import { Type } from 'typebox';
import type { OrganizeRow } from '../../../db/schema';
import { ancestorIds } from '../../../auth/org-tree';
import { buildTree, TreeSchema, type TreeNode } from '../../dictionary/tree';
import { NamedBodyFields, NamedViewFields, namedView } from '../entity-form';
import { Nullable } from '../../../http/envelope';


export const ICONS = { company: 'icon-ym icon-ym-tree-organization3', department: 'icon-ym icon-ym-tree-department1' } as const;

const Category = Type.Union([Type.Literal('company'), Type.Literal('department')]);

/** A company or department as the management list and the info calls show it. */
export const OrganizeFields = {
  ...NamedViewFields,
  parentId: Type.String({ description: "'-1' for a top company" }),
  category: Category,
  type: Category,
  managerId: Nullable(Type.String()),
  managerName: Nullable(Type.String({ description: "the manager's real name" })),
  icon: Type.String(),
};
export const OrganizeNode = TreeSchema(OrganizeFields);
export const OrganizeInfo = Type.Object({
  ...OrganizeFields,
  organizeIdTree: Type.Array(Type.String(), { description: 'ids from the top company down to this node' }),
});

/** A node of the pickers (widgets spec 3, picker item). */
export const PickerFields = {
  id: Type.String(),
  parentId: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  type: Category,
  icon: Type.String(),
  organize: Type.String({ description: 'the path of names, top company first, joined by /' }),
  organizeIds: Type.Array(Type.String(), { description: 'the path of ids, top company first' }),
  disabled: Type.Boolean({ description: 'true when the organisation is disabled' }),
  isLeaf: Type.Boolean(),
};
export const PickerNode = TreeSchema(PickerFields);

export const OrganizeBody = Type.Object({
  ...NamedBodyFields,
  parentId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  managerId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
});

export function organizeView(r: OrganizeRow, managers: ReadonlyMap<string, string>) {
  return {
    ...namedView(r), parentId: r.parentId, category: r.category, type: r.category,
    managerId: r.managerId ?? null, managerName: (r.managerId && managers.get(r.managerId)) || null, icon: ICONS[r.category],
  };
}

/** The path of a node, top first, over all rows (a node whose chain leaves the set stops there). */
export function pathOf(byId: ReadonlyMap<string, OrganizeRow>, parents: ReadonlyMap<string, string>, id: string): OrganizeRow[] {
  return ancestorIds(parents, id).reverse().map((at) => byId.get(at)!);
}

export const parentsOf = (rows: readonly OrganizeRow[]) => new Map(rows.map((r) => [r.id, r.parentId]));

/** Picker trees over `kept` rows; paths are read from `all` so a subtree shown alone still names its place. */
export function pickerTree(all: readonly OrganizeRow[], kept: readonly OrganizeRow[]) {
  const byId = new Map(all.map((r) => [r.id, r]));
  const parents = parentsOf(all);
  const nodes = kept.map((r) => {
    const path = pathOf(byId, parents, r.id);
    return {
      id: r.id, parentId: r.parentId, fullName: r.fullName, enCode: r.enCode, type: r.category, icon: ICONS[r.category],
      organize: path.map((p) => p.fullName).join('/'), organizeIds: path.map((p) => p.id), disabled: Number(r.enabledMark) !== 1, isLeaf: true,
    };
  });
  const tree = buildTree(nodes);
  const markLeaves = (list: TreeNode<(typeof nodes)[number]>[]) => {
    for (const node of list) {
      node.isLeaf = !node.hasChildren;
      markLeaves(node.children);
    }
  };
  markLeaves(tree);
  return tree;
}
