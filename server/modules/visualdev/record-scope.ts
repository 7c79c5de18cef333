import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { RecordScope, ResolvedCondition, ScopeClause } from '../../auth/data-scope';

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

function clauseCondition(eb: AnyBuilder, modelId: string, clause: ScopeClause, numericFields: ReadonlyMap<string, 'num' | 'text'>, alias: string): Expression<SqlBool> {
  if (clause.kind === 'column') return clause.values.length ? eb(`${alias}.${clause.column}`, 'in', clause.values) : sql<SqlBool>`1 = 0`;
  const parts = clause.conditions.map((c) => fieldCondition(eb, modelId, c, numericFields.get(c.field) === 'num', alias));
  return clause.logic === 'or' ? eb.or(parts) : eb.and(parts);
}

/** The scope's condition on `alias` (default r), or null when the scope is everything. */
export function scopeCondition(modelId: string, scope: RecordScope | undefined, indexed: ReadonlyMap<string, 'num' | 'text'>, alias = 'r') {
  if (!scope || scope.all) return null;
  const s = scope;
  return (eb: AnyBuilder): Expression<SqlBool> => (s.anyOf.length ? eb.or(s.anyOf.map((c) => clauseCondition(eb, modelId, c, indexed, alias))) : sql<SqlBool>`1 = 0`);
}

export const isRestricted = (scope: RecordScope | undefined): boolean => !!scope && !scope.all;
