import { Type } from 'typebox';
import type { PrintDevRow } from '../../../db/schema';
import { PagedQueryFields, Nullable } from '../../../http/envelope';
import { TranslationsSchema, translationsOf } from '../../../http/translations';


/** A template as the list and the editor read it. */
export const TemplateView = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  fullName_i18n: Nullable(TranslationsSchema),
  enCode: Type.String({ description: 'unique code' }),
  category: Type.String({ description: 'code of a businessType dictionary entry' }),
  type: Type.Integer({ description: '1 flow, 2 form' }),
  formId: Type.String({ description: 'the visualdev model whose records the template prints' }),
  formName: Nullable(Type.String({ description: 'that model\'s name in the caller\'s language (null: the model is gone)' })),
  templateHtml: Type.String({ description: 'sanitised HTML with placeholders (docs/SCHEMAS.md "Print templates")' }),
  paperSize: Type.String({ description: 'A4, A5, A3, B5 or Letter' }),
  orientation: Type.String({ description: 'portrait or landscape' }),
  margins: Type.Array(Type.Number(), { minItems: 4, maxItems: 4, description: 'millimetres: top, right, bottom, left' }),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer({ description: '1 enabled, 0 disabled (left out of the picker)' }),
  description: Nullable(Type.String()),
  createdAt: Type.Number(),
  updatedAt: Nullable(Type.Number()),
});

// Loosely typed on purpose: validation.ts answers every bad value with a message in the caller's language.
export const TemplateBody = Type.Object({
  fullName: Type.Optional(Type.Unknown()),
  fullName_i18n: Type.Optional(Type.Unknown()),
  enCode: Type.Optional(Type.Unknown()),
  category: Type.Optional(Type.Unknown()),
  type: Type.Optional(Type.Unknown()),
  formId: Type.Optional(Type.Unknown()),
  templateHtml: Type.Optional(Type.Unknown()),
  paperSize: Type.Optional(Type.Unknown()),
  orientation: Type.Optional(Type.Unknown()),
  margins: Type.Optional(Type.Unknown()),
  sortCode: Type.Optional(Type.Unknown()),
  enabledMark: Type.Optional(Type.Unknown()),
  description: Type.Optional(Type.Unknown()),
});

export const ListQuery = Type.Object({
  ...PagedQueryFields,
  category: Type.Optional(Type.String({ maxLength: 50, description: 'a businessType entry code (the list\'s left tree)' })),
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  enabledMark: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 50 }) });

export const parseMargins = (text: string): [number, number, number, number] => {
  try {
    const m = JSON.parse(text) as unknown;
    if (Array.isArray(m) && m.length === 4 && m.every((n) => typeof n === 'number')) return m as [number, number, number, number];
  } catch {
    /* a damaged column prints with the default margins */
  }
  return [10, 10, 10, 10];
};

export const templateView = (r: PrintDevRow, formName: string | null) => ({
  id: r.id, fullName: r.fullName, fullName_i18n: translationsOf(r.fullNameI18n), enCode: r.enCode, category: r.category, type: Number(r.type), formId: r.formId, formName,
  templateHtml: r.templateHtml, paperSize: r.paperSize, orientation: r.orientation, margins: parseMargins(r.margins), sortCode: Number(r.sortCode),
  enabledMark: Number(r.enabledMark), description: r.description, createdAt: Number(r.createdAt), updatedAt: r.updatedAt === null ? null : Number(r.updatedAt),
});
