import { Type } from 'typebox';
import type { BillRuleRow } from '../../../db/schema';
import { PagedQueryFields, Nullable } from '../../../http/envelope';
import { billRuleExample, formatBillNumber } from '../../../../src/runtime/bill-number';


export const RuleFields = {
  id: Type.String(),
  fullName: Type.String({ description: 'business name' }),
  enCode: Type.String({ description: 'business code: what a form field names (`__config__.rule`) and GET BillNumber/{code} takes' }),
  category: Nullable(Type.String({ description: 'code of a businessType dictionary entry' })),
  prefix: Type.String(),
  dateFormat: Type.String({ description: 'yyyyMMdd (restarts daily), yyyyMM (monthly), yyyy (yearly) or no (never)' }),
  digit: Type.Integer({ description: 'places the running number is zero-padded to' }),
  startNumber: Type.String({ description: 'the first running number of each period' }),
  example: Type.String({ description: 'the first number the rule gives today (prefix + date + padded start number)' }),
  lastNumber: Nullable(Type.String({ description: 'the number issued last, null before the first' })),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer({ description: '1 enabled, 0 disabled (issues no numbers)' }),
  description: Nullable(Type.String()),
  createdAt: Type.Number(),
  createdBy: Nullable(Type.String()),
  updatedAt: Type.Union([Type.Number(), Type.Null()]),
  updatedBy: Nullable(Type.String()),
};
export const RuleView = Type.Object(RuleFields);

/** A row of the numbering pickers (widgets 2.7): the value chosen is enCode. */
export const SelectorRow = Type.Object({
  id: Type.String(), fullName: Type.String(), enCode: Type.String(), category: Nullable(Type.String()), startNumber: Type.String(), example: Type.String(),
});

// Loosely typed on purpose: the form rules (spec 5.5) answer with the spec's messages.
export const RuleBody = Type.Object({
  fullName: Type.Optional(Type.String()),
  enCode: Type.Optional(Type.String()),
  category: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  prefix: Type.Optional(Type.String()),
  dateFormat: Type.Optional(Type.String()),
  // unknown, not number: the validator's type coercion would turn a null into 0 and hide "required"
  digit: Type.Optional(Type.Unknown({ description: 'a whole number from 1 to 9' })),
  startNumber: Type.Optional(Type.Unknown({ description: 'digits, as text or a number' })),
  sortCode: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  enabledMark: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

export const ListQuery = Type.Object({
  ...PagedQueryFields,
  categoryId: Type.Optional(Type.String({ maxLength: 50, description: 'a businessType entry code (the numbering picker\'s tree)' })),
  category: Type.Optional(Type.String({ maxLength: 50, description: 'the same, as the admin list\'s left tree sends it' })),
  enabledMark: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) });
export const ExportLink = Type.Object({ url: Type.String({ description: 'GET this path (no header needed) within five minutes' }), name: Type.String() });

/** The number a rule issued last, as text (null before the first). */
export function lastNumberOf(r: Pick<BillRuleRow, 'prefix' | 'digit' | 'lastNumber' | 'lastPeriod'>): string | null {
  return r.lastNumber === null || r.lastNumber === undefined ? null : formatBillNumber(r.prefix, r.lastPeriod ?? '', Number(r.lastNumber), Number(r.digit));
}

export const ruleView = (r: BillRuleRow, now = Date.now()) => ({
  id: r.id, fullName: r.fullName, enCode: r.enCode, category: r.category, prefix: r.prefix, dateFormat: r.dateFormat, digit: Number(r.digit),
  startNumber: r.startNumber, example: billRuleExample(r, now), lastNumber: lastNumberOf(r), sortCode: Number(r.sortCode), enabledMark: Number(r.enabledMark),
  description: r.description, createdAt: Number(r.createdAt), createdBy: r.createdBy, updatedAt: r.updatedAt === null ? null : Number(r.updatedAt), updatedBy: r.updatedBy,
});
