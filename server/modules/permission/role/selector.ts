import type { RoleRow } from '../../../db/schema';
import type { Organizes } from './organizes';

/** A node of the role pickers: the global group, an organisation, or a role under one of them. */
export interface SelectorNode {
  id: string;
  parentId: string;
  onlyId: string;
  fullName: string;
  enCode: string;
  type: string;
  icon: string;
  organizeId?: string;
  hasChildren: boolean;
  children: SelectorNode[];
}

/** Id of the picker's group of global roles. */
export const GLOBAL_GROUP_ID = '0';

const ICONS: Record<string, string> = { global: 'icon-ym icon-ym-global', company: 'icon-ym icon-ym-tree-organization3', department: 'icon-ym icon-ym-tree-department1', role: 'icon-ym icon-ym-generator-role' };

const roleNode = (role: RoleRow, parentId: string): SelectorNode => ({
  id: role.id, parentId, onlyId: `${parentId}_${role.id}`, fullName: role.fullName, enCode: role.enCode, type: 'role', icon: ICONS.role!,
  ...(parentId === GLOBAL_GROUP_ID ? {} : { organizeId: parentId }), hasChildren: false, children: [],
});

/** The group of global roles (the top node of the pickers). */
export function globalGroup(roles: readonly RoleRow[], title: string): SelectorNode {
  const children = roles.filter((r) => Number(r.globalMark) === 1).map((r) => roleNode(r, GLOBAL_GROUP_ID));
  return { id: GLOBAL_GROUP_ID, parentId: '-1', onlyId: GLOBAL_GROUP_ID, fullName: title, enCode: '', type: 'global', icon: ICONS.global!, hasChildren: children.length > 0, children };
}

/** One organisation with the given roles under it. */
export function organizeNode(organizes: Organizes, organizeId: string, roles: readonly RoleRow[], fullName?: string): SelectorNode {
  const o = organizes.byId.get(organizeId)!;
  const children = roles.map((r) => roleNode(r, o.id));
  return { id: o.id, parentId: o.parentId, onlyId: `organize_${o.id}`, fullName: fullName ?? o.fullName, enCode: '', type: o.category, icon: ICONS[o.category] ?? ICONS.company!, hasChildren: children.length > 0, children };
}

/**
 * The organisation tree limited to `allowed` organisations (all when undefined), each with its
 * organisation roles; organisations with no role anywhere below them are left out. Roles of
 * several organisations appear under each.
 */
export function organizeRoleTree(organizes: Organizes, roles: readonly RoleRow[], roleOrganizes: ReadonlyMap<string, string[]>, allowed?: ReadonlySet<string>): SelectorNode[] {
  const rolesByOrganize = new Map<string, RoleRow[]>();
  for (const role of roles) {
    if (Number(role.globalMark) === 1) continue;
    for (const organizeId of roleOrganizes.get(role.id) ?? []) (rolesByOrganize.get(organizeId) ?? rolesByOrganize.set(organizeId, []).get(organizeId)!).push(role);
  }
  const kept = organizes.rows.filter((o) => !allowed || allowed.has(o.id));
  const nodes = new Map(kept.map((o) => [o.id, organizeNode(organizes, o.id, rolesByOrganize.get(o.id) ?? [])]));
  const roots: SelectorNode[] = [];
  for (const o of kept) {
    const parent = nodes.get(o.parentId);
    if (parent) parent.children.push(nodes.get(o.id)!);
    else roots.push(nodes.get(o.id)!);
  }
  // Prune bottom-up: an organisation stays when a role hangs below it.
  const prune = (list: SelectorNode[]): SelectorNode[] =>
    list.flatMap((n) => {
      if (n.type === 'role') return [n];
      n.children = prune(n.children);
      n.hasChildren = n.children.length > 0;
      return n.hasChildren ? [n] : [];
    });
  return prune(roots);
}
