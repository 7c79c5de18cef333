import { Type } from 'typebox';
import type { DictionaryDataRow, DictionaryTypeRow } from '../../db/schema';
import { nameIn, translationsOf, TranslationsSchema } from '../../http/translations';
import type { Locale } from '../../../src/runtime/i18n';
import { TreeSchema } from './tree';
import { Nullable } from '../../http/envelope';


export const TypeFields = {
  id: Type.String(),
  parentId: Type.String(),
  fullName: Type.String({ description: "in the caller's language, except in the one-category reply (the own name)" }),
  fullName_i18n: Nullable(TranslationsSchema),
  enCode: Type.String(),
  isTree: Type.Integer({ description: '1 = the entries form a tree' }),
  sortCode: Type.Integer(),
  description: Nullable(Type.String()),
  createdAt: Type.Number(),
};
export const TypeView = Type.Object(TypeFields);
export const TypeNode = TreeSchema(TypeFields);

export const EntryFields = {
  id: Type.String(),
  dictionaryTypeId: Type.String(),
  parentId: Type.String({ description: "'0' at the top of the category" }),
  fullName: Type.String({ description: "in the caller's language, except in the one-entry reply (Info: the own name)" }),
  fullName_i18n: Nullable(TranslationsSchema),
  enCode: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer({ description: '1 enabled, 0 disabled' }),
  description: Nullable(Type.String()),
  createdAt: Type.Number(),
};
export const EntryView = Type.Object(EntryFields);
export const EntryNode = TreeSchema(EntryFields);

/** Options for selects: enabled entries only. */
export const OptionFields = { id: Type.String(), parentId: Type.String(), fullName: Type.String(), enCode: Type.String() };
export const OptionNode = TreeSchema(OptionFields);

/** Parent pickers: the top node (category or '-1') with the tree below it. */
export const PickerFields = { id: Type.String(), parentId: Type.String(), fullName: Type.String(), enCode: Type.String() };
export const PickerNode = TreeSchema(PickerFields);

// Bodies are typed loosely on purpose: the form rules (spec 5.3, 5.4) answer with the spec's messages.
export const TypeBody = Type.Object({
  parentId: Type.Optional(Type.String()),
  fullName: Type.Optional(Type.String()),
  fullName_i18n: Type.Optional(Nullable(TranslationsSchema)),
  enCode: Type.Optional(Type.String()),
  isTree: Type.Optional(Type.Integer()),
  sortCode: Type.Optional(Type.Number()),
  description: Type.Optional(Type.String()),
});

export const EntryBody = Type.Object({
  dictionaryTypeId: Type.Optional(Type.String()),
  parentId: Type.Optional(Type.String()),
  fullName: Type.Optional(Type.String()),
  fullName_i18n: Type.Optional(Nullable(TranslationsSchema)),
  enCode: Type.Optional(Type.String()),
  enabledMark: Type.Optional(Type.Integer()),
  sortCode: Type.Optional(Type.Number()),
  description: Type.Optional(Type.String()),
});

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const ExportLink = Type.Object({ url: Type.String({ description: 'GET this path (no header needed) within five minutes' }), name: Type.String() });

/** A category as replies show it: the name in `locale` (own name without one) and its translations. */
export const typeView = (r: DictionaryTypeRow, locale?: Locale) => ({
  id: r.id, parentId: r.parentId, fullName: locale ? nameIn(locale, r) : r.fullName, fullName_i18n: translationsOf(r.fullNameI18n), enCode: r.enCode, isTree: Number(r.isTree), sortCode: Number(r.sortCode), description: r.description, createdAt: Number(r.createdAt),
});

/** An entry as replies show it: the name in `locale` (own name without one) and its translations. */
export const entryView = (r: DictionaryDataRow, locale?: Locale) => ({
  id: r.id, dictionaryTypeId: r.dictionaryTypeId, parentId: r.parentId, fullName: locale ? nameIn(locale, r) : r.fullName, fullName_i18n: translationsOf(r.fullNameI18n), enCode: r.enCode,
  sortCode: Number(r.sortCode), enabledMark: Number(r.enabledMark), description: r.description, createdAt: Number(r.createdAt),
});
