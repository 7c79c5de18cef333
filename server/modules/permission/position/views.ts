import { Type } from 'typebox';
import type { OrganizeRow, PositionRow } from '../../../db/schema';
import { buildTree, TreeSchema, withAncestors, type TreeNode } from '../../dictionary/tree';
import { NamedBodyFields, NamedViewFields, namedView } from '../entity-form';
import { ICONS, parentsOf, pathOf } from '../organize/views';
import { Nullable } from '../../../http/envelope';

export const POSITION_ICON = 'icon-ym icon-ym-tree-position1';

export const PositionView = Type.Object({
  ...NamedViewFields,
  organizeId: Type.String(),
  organizeName: Type.String({ description: "the organisation's path of names, top company first, joined by /" }),
  type: Nullable(Type.String({ description: 'free text (no position-type dictionary exists)' })),
});

export const PositionBody = Type.Object({
  ...NamedBodyFields,
  organizeId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  type: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
});

/** Organisations as folders, positions as leaves (type 'position'). */
export const SelectorFields = {
  id: Type.String(),
  parentId: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  type: Type.Union([Type.Literal('company'), Type.Literal('department'), Type.Literal('position')]),
  icon: Type.String(),
  organize: Type.String({ description: 'path of organisation names, top company first, joined by /' }),
  organizeIds: Type.Array(Type.String(), { description: 'path of organisation ids, top company first' }),
  disabled: Type.Boolean(),
  isLeaf: Type.Boolean(),
};
export const SelectorNode = TreeSchema(SelectorFields);
export const SelectorList = Type.Object({ list: Type.Array(SelectorNode) });

/** Names each position's organisation by its path over the whole tree. */
export function organizeNamer(organizes: readonly OrganizeRow[]) {
  const byId = new Map(organizes.map((o) => [o.id, o]));
  const parents = parentsOf(organizes);
  return (organizeId: string) => pathOf(byId, parents, organizeId);
}

export function positionView(r: PositionRow, pathOfOrganize: (id: string) => OrganizeRow[]) {
  return { ...namedView(r), organizeId: r.organizeId, organizeName: pathOfOrganize(r.organizeId).map((o) => o.fullName).join('/'), type: r.type };
}

/**
 * The picker tree: the given positions under their organisations, with every organisation
 * above them among `organizes` (organisations without any of the positions are left out).
 * Paths are read from `pathsFrom` (default `organizes`), so a subtree shown alone names its place.
 */
export function positionTree(organizes: readonly OrganizeRow[], positions: readonly PositionRow[], pathsFrom: readonly OrganizeRow[] = organizes) {
  const pathOfOrganize = organizeNamer(pathsFrom);
  const withPositions = new Set(positions.map((p) => p.organizeId));
  const folders = withAncestors(organizes, (o) => withPositions.has(o.id)).map((o) => {
    const path = pathOfOrganize(o.id);
    return { id: o.id, parentId: o.parentId, fullName: o.fullName, enCode: o.enCode, type: o.category, icon: ICONS[o.category], organize: path.map((p) => p.fullName).join('/'), organizeIds: path.map((p) => p.id), disabled: Number(o.enabledMark) !== 1, isLeaf: false };
  });
  const leaves = positions.map((p) => {
    const path = pathOfOrganize(p.organizeId);
    return { id: p.id, parentId: p.organizeId, fullName: p.fullName, enCode: p.enCode, type: 'position' as const, icon: POSITION_ICON, organize: path.map((o) => o.fullName).join('/'), organizeIds: path.map((o) => o.id), disabled: Number(p.enabledMark) !== 1, isLeaf: true };
  });
  return buildTree<(typeof folders)[number] | (typeof leaves)[number]>([...folders, ...leaves]) as TreeNode<(typeof folders)[number] | (typeof leaves)[number]>[];
}
