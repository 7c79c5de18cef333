import { Type } from 'typebox';
import type { DataInterfaceRow } from '../../db/schema';
import { parseJsonList, type ParamDefinition } from './execute';
import { Nullable } from '../../http/envelope';


export const ParamDefinitionSchema = Type.Object(
  {
    field: Type.String(),
    dataType: Type.Optional(Type.String({ description: 'varchar, int, bigint, decimal, datetime, text' })),
    defaultValue: Type.Optional(Type.Unknown()),
    required: Type.Optional(Type.Unknown({ description: '1 = required' })),
    fieldName: Type.Optional(Type.String({ description: 'label' })),
  },
  { additionalProperties: true },
);

export const ParamList = Type.Array(Type.Object({ field: Type.String(), defaultValue: Type.Optional(Type.Unknown()) }, { additionalProperties: true }));

/** One result row: whatever columns the interface returns. */
export const RowSchema = Type.Record(Type.String(), Type.Unknown());

export const SummaryFields = {
  id: Type.String(),
  categoryId: Nullable(Type.String()),
  fullName: Type.String(),
  enCode: Type.String(),
  type: Type.Integer({ description: '1 SQL, 2 static data, 3 API' }),
  enabledMark: Type.Integer(),
  sortCode: Type.Integer(),
  description: Nullable(Type.String()),
  createdAt: Type.Number(),
  createdBy: Nullable(Type.String()),
};
export const Summary = Type.Object(SummaryFields);

export const Detail = Type.Object({
  ...SummaryFields,
  dataSource: Nullable(Type.String()),
  queryText: Nullable(Type.String({ description: 'SQL (type 1) or the static JSON array (type 2)' })),
  requestMethod: Nullable(Type.String()),
  path: Nullable(Type.String({ description: 'URL (type 3)' })),
  requestHeaders: Type.Array(Type.Object({ field: Type.String(), value: Type.Unknown() }, { additionalProperties: true })),
  requestParameters: Type.Array(ParamDefinitionSchema),
  responseFields: Type.Array(Type.String()),
  updatedAt: Type.Union([Type.Number(), Type.Null()]),
  updatedBy: Nullable(Type.String()),
});

// Loosely typed on purpose: the form rules answer with readable messages.
export const Body = Type.Object({
  categoryId: Type.Optional(Type.String()),
  fullName: Type.Optional(Type.String()),
  enCode: Type.Optional(Type.String()),
  type: Type.Optional(Type.Integer()),
  dataSource: Type.Optional(Type.String()),
  queryText: Type.Optional(Type.String()),
  requestMethod: Type.Optional(Type.String()),
  path: Type.Optional(Type.String()),
  requestHeaders: Type.Optional(Type.Unknown({ description: 'array or its JSON text: [{ field, value }]' })),
  requestParameters: Type.Optional(Type.Unknown({ description: 'array or its JSON text: [{ field, dataType, defaultValue, required }]' })),
  responseFields: Type.Optional(Type.Unknown({ description: 'array of field names or its JSON text' })),
  enabledMark: Type.Optional(Type.Integer()),
  sortCode: Type.Optional(Type.Number()),
  description: Type.Optional(Type.String()),
});

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const summaryView = (r: DataInterfaceRow) => ({
  id: r.id, categoryId: r.categoryId, fullName: r.fullName, enCode: r.enCode, type: Number(r.type), enabledMark: Number(r.enabledMark),
  sortCode: Number(r.sortCode), description: r.description, createdAt: Number(r.createdAt), createdBy: r.createdBy,
});

export const detailView = (r: DataInterfaceRow) => ({
  ...summaryView(r),
  dataSource: r.dataSource, queryText: r.queryText, requestMethod: r.requestMethod, path: r.path,
  requestHeaders: parseJsonList<{ field: string; value: unknown }>(r.requestHeaders),
  requestParameters: parseJsonList<ParamDefinition>(r.requestParameters),
  responseFields: parseJsonList<string>(r.responseFields).map(String),
  updatedAt: r.updatedAt === null ? null : Number(r.updatedAt), updatedBy: r.updatedBy,
});
