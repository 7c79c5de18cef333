import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { RecordScope, ResolvedCondition, ScopeClause } from '../../auth/data-scope';
import type { ScopeWhere } from './record-query';

/**
 * A data scope (server/auth/data-scope.ts) as a condition on the record row `r`, pushed into
 * every record statement: lists and counts, single reads, updates and deletes. The columns of
 * organisation, department and creator have indexes led by the model (migration 0018); custom
 * conditions are EXISTS on the value index like the list's filters. Values are bound parameters.
 */
type AnyBuilder = ExpressionBuilder<any, any>;

const escapeLike = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function fieldCondition(eb: AnyBuilder, modelId: string, c: ResolvedCondition, numeric: boolean, alias: string): Expression<SqlBool> {
  const probe = (test: (v: AnyBuilder) => Expression<SqlBool>) =>
    eb.exists(
      eb.selectFrom('visualdevRecordValue as sv').select(sql.lit(1).as('one'))
        .whereRef('sv.recordId', '=', `${alias}.id` as any).where('sv.modelId', '=', modelId).where('sv.field', '=', c.field)
        .where((v: AnyBuilder) => test(v)),
    );
  const numbers = c.values.map(Number).filter((n) => Number.isFinite(n));
  const valueRef = numeric ? 'sv.numValue' : 'sv.textValue';
  const operands: (string | number)[] = numeric ? numbers : c.values;
  const none = sql<SqlBool>`1 = 0`;
  switch (c.op) {
    case 'eq':
    case 'in':
      return operands.length ? probe((v) => v(valueRef, 'in', operands)) : none;
    case 'ne':
      return operands.length ? eb.not(probe((v) => v(valueRef, 'in', operands))) : sql<SqlBool>`1 = 1`;
    case 'like':
      return c.values.length ? probe((v) => v.or(c.values.map((t) => sql<SqlBool>`lower(${sql.ref('sv.textValue')}) like ${escapeLike(t)} escape '\\'`))) : none;
    case 'gt':
    case 'ge':
    case 'lt':
    case 'le': {
      const operator = ({ gt: '>', ge: '>=', lt: '<', le: '<=' } as const)[c.op];
      return operands.length ? probe((v) => v(valueRef, operator, operands[0]!)) : none;
    }
    case 'empty':
      return eb.not(probe((v) => v('sv.textValue', 'is not', null)));
    case 'notEmpty':
      return probe((v) => v('sv.textValue', 'is not', null));
    default:
      return none;
  }
}

function clauseCondition(eb: AnyBuilder, modelId: string, clause: ScopeClause, numericFields: ReadonlyMap<string, 'num' | 'text'>, alias: string, walk: boolean): Expression<SqlBool> {
  if (clause.kind === 'column') {
    if (!clause.values.length) return sql<SqlBool>`1 = 0`;
    // walk: the same test in a form no index answers (ids are never empty), so the planner walks
    // the list's own order and checks each row, instead of reading every scoped row and sorting
    return walk ? eb(sql`coalesce(${sql.ref(`${alias}.${clause.column}`)}, '')`, 'in', clause.values) : eb(`${alias}.${clause.column}`, 'in', clause.values);
  }
  const parts = clause.conditions.map((c) => fieldCondition(eb, modelId, c, numericFields.get(c.field) === 'num', alias));
  return clause.logic === 'or' ? eb.or(parts) : eb.and(parts);
}

/** The scope's condition on `alias` (default r), or null when the scope is everything. */
export function scopeCondition(modelId: string, scope: RecordScope | undefined, indexed: ReadonlyMap<string, 'num' | 'text'>, alias = 'r', walk = false) {
  if (!scope || scope.all) return null;
  const s = scope;
  return (eb: AnyBuilder): Expression<SqlBool> => (s.anyOf.length ? eb.or(s.anyOf.map((c) => clauseCondition(eb, modelId, c, indexed, alias, walk))) : sql<SqlBool>`1 = 0`);
}

/**
 * A scope as the record statements use it: `where` (index-led: single reads, writes, narrow
 * lists), `walk` (the list's order walked, each row checked: broad scopes), and `column` when
 * the scope is one column's values, whose count the record store keeps (visualdev_record_scope_count).
 */
export interface ScopeSql {
  where: ScopeWhere;
  walk: ScopeWhere;
  column: { column: 'organizeId' | 'departmentId' | 'createdBy'; values: string[] } | null;
}

export function scopeSqlOf(modelId: string, scope: RecordScope | undefined, indexed: ReadonlyMap<string, 'num' | 'text'>): ScopeSql | null {
  const where = scopeCondition(modelId, scope, indexed);
  const walk = scopeCondition(modelId, scope, indexed, 'r', true);
  if (!where || !walk || !scope || scope.all) return null;
  const only = scope.anyOf.length === 1 ? scope.anyOf[0]! : null;
  return { where, walk, column: only?.kind === 'column' ? { column: only.column, values: only.values } : null };
}

export const isRestricted = (scope: RecordScope | undefined): boolean => !!scope && !scope.all;
