/** Grants and explain access (/api/permission/Authority): the calls of the hand-written grant and explain screens. */
import type { Translations } from '../../runtime/i18n/texts';
import { http } from './client';

export const GRANT_AREAS = ['module', 'button', 'column', 'form', 'resource'] as const;
export type GrantArea = (typeof GRANT_AREAS)[number];

export interface GrantEntry {
  id: string;
  enCode: string;
  fullName: string;
  fullName_i18n: Translations | null;
  checked: boolean;
}

/** A menu entry of the grant tree with its permission items and data-scope schemes. */
export interface GrantNode {
  id: string;
  parentId: string;
  fullName: string;
  fullName_i18n: Translations | null;
  enCode: string;
  type: number;
  checked: boolean;
  buttons: GrantEntry[];
  columns: GrantEntry[];
  forms: GrantEntry[];
  schemes: (GrantEntry & { scopeType: string })[];
  children: GrantNode[];
}

export interface RoleGrants {
  role: { id: string; fullName: string; enCode: string };
  list: GrantNode[];
  checked: Record<GrantArea | 'api', string[]>;
}

export const getRoleGrants = (roleId: string) => http.get<RoleGrants>(`/api/permission/Authority/Data/${encodeURIComponent(roleId)}`);

/** Each area sent is replaced whole (the server's rule); the screen always sends the five it shows. */
export const saveRoleGrants = (roleId: string, grants: Record<GrantArea, string[]>) => http.put(`/api/permission/Authority/Data/${encodeURIComponent(roleId)}`, grants);

export interface GrantAnswer {
  granted: boolean;
  roleIds: string[];
  rows: { id: string; objectId: string; itemType: string; itemId: string }[];
}

export interface Explanation {
  user: { id: string; account: string; realName: string; isAdministrator: boolean };
  menu: { id: string; fullName: string; enCode: string };
  administrator: boolean;
  roles: { id: string; fullName: string; enCode: string; inForce: boolean; reason: string }[];
  menuGrant: GrantAnswer;
  items: ({ id: string; kind: string; enCode: string; fullName: string } & GrantAnswer)[];
  schemes: ({ id: string; enCode: string; fullName: string; scopeType: string } & GrantAnswer)[];
  dataScope: { judged: boolean; all: boolean };
}

export const explainAccess = (userId: string, menuId: string) => http.get<Explanation>('/api/permission/Authority/Explain', { userId, menuId });

export interface UserOption {
  id: string;
  account: string;
  realName: string;
}

/** Users to explain: every user, or those holding a role (opened from the role list). */
export const usersToExplain = (roleId: string | null) =>
  http.get<{ list: UserOption[] }>(roleId ? '/api/permission/Users/GetUsersByRoleOrgId' : '/api/permission/Users/All', roleId ? { roleId, pageSize: 500 } : undefined).then((r) => r.list);
