import { Type } from 'typebox';
import { TranslationsSchema } from '../../../http/translations';
import { Nullable } from '../../../http/envelope';


/** An entry as the administrators' screen reads and edits it (spec 3 "Menu item" plus its management fields). */
const entryFields = {
  id: Type.String(),
  parentId: Type.String({ description: "'-1' at the top level" }),
  systemId: Type.String(),
  type: Type.Integer({ minimum: 0, maximum: 8, description: '0 directory, 1 group, 2 page, 3 model, 4 dictionary, 5 report, 6 visualisation, 7 external link, 8 portal' }),
  fullName: Type.String({ description: 'the own title (zh-CN)' }),
  fullName_i18n: Type.Union([TranslationsSchema, Type.Null()]),
  fullNameZhTW: Nullable(Type.String({ description: 'fullName_i18n["zh-TW"], as the form edits it' })),
  fullNameEn: Nullable(Type.String({ description: 'fullName_i18n.en, as the form edits it' })),
  title: Type.String({ description: "the title in the caller's language" }),
  enCode: Type.String(),
  icon: Nullable(Type.String()),
  urlAddress: Nullable(Type.String()),
  linkTarget: Nullable(Type.String()),
  moduleId: Nullable(Type.String({ description: 'types 3/4/5/8: the model, dictionary, report or portal id; type 2: an admin descriptor id (propertyJson.moduleId)' })),
  isTree: Type.Integer({ description: 'propertyJson.isTree (types 3/4/5/8)' }),
  propertyJson: Nullable(Type.String()),
  isHidden: Type.Integer({ description: '1: routable but not shown in the navigation' }),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer({ description: '1 enabled, 0 disabled (left out of every menu, its page unreachable)' }),
  description: Nullable(Type.String()),
  fromFile: Type.Boolean({ description: 'the entry comes from schemas/menu.json (a deletion is remembered so the file does not add it again)' }),
  createdAt: Type.Number(),
  hasChildren: Type.Boolean(),
};
export const EntryView = Type.Object(entryFields);

const entryNodeShape = Type.Object({ ...entryFields, children: Type.Array(Type.Ref('MenuEntryNode')) });
export const EntryNode = Type.Cyclic({ MenuEntryNode: entryNodeShape }, 'MenuEntryNode');

const selectorShape = Type.Object({
  id: Type.String(), parentId: Type.String(), fullName: Type.String(), enCode: Type.String(), type: Type.Integer(), hasChildren: Type.Boolean(),
  children: Type.Array(Type.Ref('MenuSelectorNode')),
});
export const SelectorNode = Type.Cyclic({ MenuSelectorNode: selectorShape }, 'MenuSelectorNode');

// Loosely typed on purpose: the rules (validation.ts) answer with the product's messages, per type.
export const EntryBody = Type.Object({
  parentId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  type: Type.Optional(Type.Unknown({ description: 'a whole number 0–8' })),
  fullName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  fullName_i18n: Type.Optional(Type.Union([TranslationsSchema, Type.Null()])),
  fullNameZhTW: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  fullNameEn: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  enCode: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  icon: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  urlAddress: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  linkTarget: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  moduleId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  isTree: Type.Optional(Type.Union([Type.Integer(), Type.Boolean(), Type.Null()])),
  isHidden: Type.Optional(Type.Union([Type.Integer(), Type.Boolean(), Type.Null()])),
  sortCode: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  enabledMark: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

export const ListQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100, description: 'matches title (any language), code or address; matching entries are kept with their ancestors' })),
  systemId: Type.Optional(Type.String({ maxLength: 50, description: 'one system (base_system) when there are several' })),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 8 })),
  enabledMark: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});

export const SelectorQuery = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 50, description: 'the entry being edited: it and its descendants are left out' })),
  systemId: Type.Optional(Type.String({ maxLength: 50 })),
});

export const LinkQuery = Type.Object({ type: Type.Integer({ minimum: 2, maximum: 8, description: '2 admin descriptors, 3 models, 4 dictionary pages, 5 reports, 8 portals' }) });
export const LinkOption = Type.Object({ id: Type.String(), fullName: Type.String() });

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
