import { Type } from 'typebox';
import type { AreaRow } from '../../../db/schema';
import { TreeSchema } from '../../dictionary/tree';
import { Nullable } from '../../../http/envelope';


const AreaFields = {
  id: Type.String({ description: 'the division code (six digits for the seeded set)' }),
  parentId: Type.String({ description: "'-1' for a province" }),
  fullName: Type.String({ description: "in the caller's language: traditional characters for zh-TW" }),
  enCode: Type.String(),
  type: Type.String({ description: "'1' province, '2' city, '3' district, '4' street" }),
  quickQuery: Nullable(Type.String()),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer({ description: '1 enabled, 0 disabled' }),
  description: Nullable(Type.String()),
  creatorTime: Type.Number(),
  isLeaf: Type.Boolean({ description: 'nothing below it' }),
};
/** A node of the lazy tree: children is empty until asked for, except in keyword results. */
export const AreaNode = TreeSchema(AreaFields, 4);

const SelectorFields = {
  id: Type.String(),
  parentId: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  type: Type.String(),
  isLeaf: Type.Boolean({ description: 'nothing enabled below it' }),
};
export const AreaSelectorNode = TreeSchema(SelectorFields, 1);

export const AreaInfo = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  parentName: Nullable(Type.String({ description: 'null for a province' })),
  fullName: Type.String({ description: 'the stored (simplified Chinese) name, as the edit form needs it' }),
  enCode: Type.String(),
  type: Type.String(),
  quickQuery: Nullable(Type.String()),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Nullable(Type.String()),
  creatorTime: Type.Number(),
});

// Typed loosely on purpose: the form rules answer with their own messages.
export const AreaBody = Type.Object({
  parentId: Type.Optional(Type.String({ maxLength: 50 })),
  fullName: Type.Optional(Type.String()),
  enCode: Type.Optional(Type.String()),
  quickQuery: Type.Optional(Nullable(Type.String())),
  sortCode: Type.Optional(Type.Number()),
  enabledMark: Type.Optional(Type.Integer()),
  description: Type.Optional(Nullable(Type.String())),
});

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 50 }) });

/** A row as the tree shows it, named by `name` (the caller's language). */
export const areaNode = (r: AreaRow & { hasChildren: boolean }, name: (s: string) => string) => ({
  id: r.id, parentId: r.parentId, fullName: name(r.fullName), enCode: r.enCode, type: r.type, quickQuery: r.quickQuery, sortCode: Number(r.sortCode),
  enabledMark: Number(r.enabledMark), description: r.description, creatorTime: Number(r.createdAt), isLeaf: !r.hasChildren, hasChildren: r.hasChildren, children: [],
});
