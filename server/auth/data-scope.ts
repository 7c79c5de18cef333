import type { DataScopeType } from '../db/schema';
import type { ScopeFacts, SchemeGrant } from './grants';

/**
 * Data scope: which records of a model a user may read and write, as the union of the schemes
 * their roles are granted on the menus opening the model. A scheme is one of
 * - all: every record;
 * - orgAndBelow: records of the user's company and the organisations below it (record organizeId);
 * - org: records of the user's company (record organizeId);
 * - department: records of the user's major organisation (record departmentId);
 * - own: records the user created (record createdBy);
 * - custom: conditions on the model's indexed fields, all or any of them, values literal or
 *   placeholders of the user (@userId, @organizeId, @departmentId, @positionId, @organizeAndBelow).
 * The result is data (RecordScope), turned into SQL by the record queries (record-query.ts), so
 * no text a person typed ever becomes SQL.
 */
export const SCOPE_TYPES: readonly DataScopeType[] = ['all', 'orgAndBelow', 'org', 'department', 'own', 'custom'];
export const CONDITION_OPS = ['eq', 'ne', 'in', 'like', 'gt', 'ge', 'lt', 'le', 'empty', 'notEmpty'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
export const PLACEHOLDERS = ['@userId', '@organizeId', '@departmentId', '@positionId', '@organizeAndBelow'] as const;

export interface SchemeCondition {
  field: string;
  op: ConditionOp;
  value?: string | number | (string | number)[] | null;
}
export interface CustomScheme {
  logic: 'and' | 'or';
  conditions: SchemeCondition[];
}

/** A custom condition with its placeholders replaced by the user's values. */
export interface ResolvedCondition {
  field: string;
  op: ConditionOp;
  values: string[];
}

export type ScopeClause =
  | { kind: 'column'; column: 'organizeId' | 'departmentId' | 'createdBy'; values: string[] }
  | { kind: 'fields'; logic: 'and' | 'or'; conditions: ResolvedCondition[] };

/** all: no restriction; otherwise a record is in scope when any clause holds (none: no record). */
export type RecordScope = { all: true } | { all: false; anyOf: ScopeClause[] };

export const WHOLE_SCOPE: RecordScope = { all: true };
export const EMPTY_SCOPE: RecordScope = { all: false, anyOf: [] };

/** Reads a custom scheme's JSON; null when it is not one (the scheme then grants nothing). */
export function parseCustomScheme(text: string | null): CustomScheme | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<CustomScheme>;
    if (!value || typeof value !== 'object' || !Array.isArray(value.conditions)) return null;
    const logic = value.logic === 'or' ? 'or' : 'and';
    const conditions = value.conditions.filter(
      (c): c is SchemeCondition => !!c && typeof c === 'object' && typeof c.field === 'string' && (CONDITION_OPS as readonly string[]).includes(c.op as string),
    );
    return conditions.length === value.conditions.length && conditions.length > 0 ? { logic, conditions } : null;
  } catch {
    return null;
  }
}

function placeholderValues(facts: ScopeFacts, value: string): string[] | null {
  switch (value) {
    case '@userId': return [facts.userId];
    case '@organizeId': return facts.organizeId ? [facts.organizeId] : [];
    case '@departmentId': return facts.departmentId ? [facts.departmentId] : [];
    case '@positionId': return facts.positionId ? [facts.positionId] : [];
    case '@organizeAndBelow': return [...facts.organizeAndBelow];
    default: return null;
  }
}

function resolveValues(facts: ScopeFacts, value: SchemeCondition['value']): string[] {
  const list = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((v) => (typeof v === 'string' ? (placeholderValues(facts, v) ?? [v]) : [String(v)]));
}

/** One scheme as a clause; null when it grants nothing (a custom scheme on fields the model does not index). */
export function schemeClause(scheme: Pick<SchemeGrant, 'scopeType' | 'conditionJson'>, facts: ScopeFacts, indexed: ReadonlySet<string>): ScopeClause | 'all' | null {
  switch (scheme.scopeType) {
    case 'all': return 'all';
    case 'orgAndBelow': return { kind: 'column', column: 'organizeId', values: [...facts.organizeAndBelow] };
    case 'org': return { kind: 'column', column: 'organizeId', values: facts.organizeId ? [facts.organizeId] : [] };
    case 'department': return { kind: 'column', column: 'departmentId', values: facts.departmentId ? [facts.departmentId] : [] };
    case 'own': return { kind: 'column', column: 'createdBy', values: [facts.userId] };
    case 'custom': {
      const custom = parseCustomScheme(scheme.conditionJson);
      // a condition on a field the model no longer indexes cannot be checked: the scheme grants nothing
      if (!custom || custom.conditions.some((c) => !indexed.has(c.field))) return null;
      return { kind: 'fields', logic: custom.logic, conditions: custom.conditions.map((c) => ({ field: c.field, op: c.op, values: resolveValues(facts, c.value) })) };
    }
    default: return null;
  }
}

/** The union of schemes: all when any grants all; column clauses of one column merged. */
export function unionScope(schemes: readonly Pick<SchemeGrant, 'scopeType' | 'conditionJson'>[], facts: ScopeFacts, indexed: ReadonlySet<string>): RecordScope {
  const columns = new Map<string, Set<string>>();
  const fields: ScopeClause[] = [];
  for (const scheme of schemes) {
    const clause = schemeClause(scheme, facts, indexed);
    if (clause === 'all') return WHOLE_SCOPE;
    if (!clause) continue;
    if (clause.kind === 'column') {
      const set = columns.get(clause.column) ?? new Set<string>();
      for (const v of clause.values) set.add(v);
      columns.set(clause.column, set);
    } else fields.push(clause);
  }
  const anyOf: ScopeClause[] = [
    ...[...columns].filter(([, v]) => v.size > 0).map(([column, v]) => ({ kind: 'column' as const, column: column as 'organizeId', values: [...v].sort() })),
    ...fields,
  ];
  return { all: false, anyOf };
}
