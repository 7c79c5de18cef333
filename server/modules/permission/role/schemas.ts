import { Type } from 'typebox';
import { CurrentPage, Nullable } from '../../../http/envelope';
import { TreeSchema } from '../../dictionary/tree';


const RoleFields = {
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  type: Nullable(Type.String()),
  globalMark: Type.Integer({ description: '1 global role, 0 organisation role' }),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer({ description: '1 enabled, 0 disabled' }),
  description: Nullable(Type.String()),
  creatorTime: Type.Number(),
  organizeIds: Type.Array(Type.String(), { description: "the organisations of an organisation role (empty for a global role)" }),
};

export const RoleListItem = Type.Object({ ...RoleFields, organizeInfo: Type.String({ description: "each organisation's path of names, joined by ', '" }) });
export const RoleInfo = Type.Object({
  ...RoleFields,
  organizeIdsTree: Type.Array(Type.Array(Type.String()), { description: 'per organisation the ids from the root down to it, as the cascading organisation picker takes them' }),
});

export const RoleListQuery = Type.Object({
  currentPage: Type.Optional(CurrentPage({ default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  organizeId: Type.Optional(Type.String({ maxLength: 50, description: "an organisation: its organisation roles; '0': the global roles; absent: every role" })),
});

// Typed loosely on purpose: the form rules answer with their own messages.
export const RoleBody = Type.Object({
  fullName: Type.Optional(Type.String()),
  enCode: Type.Optional(Type.String()),
  type: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  globalMark: Type.Optional(Type.Integer()),
  organizeIds: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 500 })),
  organizeIdsTree: Type.Optional(Type.Array(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50 }), { maxItems: 500, description: "the picker's paths; the last id of each is the organisation" })),
  sortCode: Type.Optional(Type.Number()),
  enabledMark: Type.Optional(Type.Integer()),
  description: Type.Optional(Nullable(Type.String())),
});

const SelectorFields = {
  id: Type.String({ description: 'role id, organisation id, or 0 for the global group' }),
  parentId: Type.String(),
  onlyId: Type.String({ description: 'unique per node: a role of several organisations appears under each' }),
  fullName: Type.String(),
  enCode: Type.String(),
  type: Type.String({ description: "'global', 'company', 'department' or 'role'" }),
  icon: Type.String(),
  organizeId: Type.Optional(Type.String({ description: 'role nodes: the organisation they are listed under' })),
};
export const RoleSelectorNode = TreeSchema(SelectorFields, 10);

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 50 }) });
