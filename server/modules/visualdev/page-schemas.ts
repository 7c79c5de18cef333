import { Type, type Static } from 'typebox';
import type { CompiledDictionaryPage, CompiledPortalPage, CompiledReportPage, CompiledResourcePage } from '../../../src/runtime/model/pages';
import { Nullable } from '../../http/envelope';

// Reply schemas of the page routes (page-descriptors.ts): the compiled page types of src/runtime/model/pages.ts.


export const DictionaryPageSchema = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  dictionaryType: Type.String({ description: 'Dictionary category id or enCode whose entries the page lists' }),
  isTree: Type.Boolean(),
});

const ColumnSchema = Type.Object({
  prop: Type.String(),
  label: Type.String(),
  align: Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')]),
  width: Nullable(Type.Number()),
  format: Nullable(Type.Union([Type.Literal('integer'), Type.Literal('decimal2'), Type.Literal('percent'), Type.Literal('money')])),
});

const ChartSchema = Type.Object({ type: Type.Union([Type.Literal('bar'), Type.Literal('line'), Type.Literal('pie')]), x: Type.String(), y: Type.Array(Type.String()), title: Nullable(Type.String()) });

export const ReportPageSchema = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  interfaceId: Type.String(),
  columns: Type.Array(ColumnSchema),
  chart: Nullable(ChartSchema),
  params: Type.Array(
    Type.Object({
      field: Type.String(),
      label: Type.String(),
      kind: Type.Union([Type.Literal('input'), Type.Literal('select'), Type.Literal('datePicker'), Type.Literal('dateRange')]),
      defaultValue: Type.Unknown(),
      options: Type.Array(Type.Object({ label: Type.String(), value: Type.Union([Type.String(), Type.Number()]) })),
    }),
  ),
});

export const PortalPageSchema = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  cards: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.Union([Type.Literal('number'), Type.Literal('chart'), Type.Literal('list'), Type.Literal('shortcut'), Type.Literal('notice')]),
      x: Type.Number(),
      y: Type.Number(),
      w: Type.Number(),
      h: Type.Number(),
      title: Type.String(),
      interfaceId: Nullable(Type.String()),
      field: Nullable(Type.String()),
      unit: Nullable(Type.String()),
      chart: Nullable(ChartSchema),
      columns: Type.Array(ColumnSchema),
      links: Type.Array(Type.Object({ label: Type.String(), to: Type.String(), icon: Nullable(Type.String()) })),
      limit: Type.Number(),
    }),
  ),
});

const CallsSchema = Type.Object({
  list: Type.Optional(Type.String()), children: Type.Optional(Type.String()), info: Type.Optional(Type.String()), create: Type.Optional(Type.String()),
  update: Type.Optional(Type.String()), delete: Type.Optional(Type.String()), state: Type.Optional(Type.String()),
});

export const ResourcePageSchema = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  calls: CallsSchema,
  variants: Type.Array(Type.Object({ field: Type.String(), value: Type.String(), calls: CallsSchema })),
  sources: Type.Record(Type.String(), Type.String()),
  tree: Nullable(Type.Object({ call: Type.String(), param: Type.String(), title: Nullable(Type.String()) })),
  actions: Type.Array(Type.Object({ value: Type.String(), call: Nullable(Type.String()), open: Nullable(Type.String()), dialog: Nullable(Type.String()), confirm: Nullable(Type.String()), formData: Nullable(Type.String()), md5: Type.Array(Type.String()),
    body: Type.Union([Type.Literal('form'), Type.Literal('none')]), success: Nullable(Type.String()), upload: Nullable(Type.String()), accept: Nullable(Type.String()) })),
  tools: Type.Array(Type.Object({ value: Type.String(), label: Type.String(), dialog: Type.String() })),
  single: Type.Boolean({ description: 'a settings page: one record (calls.info, calls.update), no list' }),
  formData: Type.String({ description: 'the model formData (JSON text) in the caller\'s language' }),
  columnData: Nullable(Type.String({ description: 'the model columnData (JSON text) in the caller\'s language; null on a single page' })),
});

// The wire schemas and the runtime types must agree both ways; a drift is a type error here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree: [Same<Static<typeof DictionaryPageSchema>, CompiledDictionaryPage>, Same<Static<typeof ReportPageSchema>, CompiledReportPage>, Same<Static<typeof PortalPageSchema>, CompiledPortalPage>, Same<Static<typeof ResourcePageSchema>, CompiledResourcePage>] = [true, true, true, true];
void agree;
