import type { Principal } from '../../auth/principal';
import type { Db } from '../../db';
import { translate, type Locale } from '../../../src/runtime/i18n';
import type { CompiledField, CompiledModel, FieldError } from '../../../src/runtime/model/compiled';
import { visibleGroupIds, visibleRoles } from '../permission/lookup-scope';
import { organizeIdsOfRoles } from '../permission/role/repository';
import { inOrganizes } from '../permission/users/read';
import { organizeVisible, pickerScope, scopeList, type PickerScope } from '../permission/users/visibility';
import { changedValues } from './changed-values';

/** The user picker's system variable (widgets spec 2.1): names whoever reads the record, stored as chosen. */
const CURRENT_USER = 'currentUser';

type Target = 'user' | 'organize' | 'position' | 'role' | 'group';
/** usersSelect's typed ids ('id--type'): the types its tabs store, by the table that holds them. */
const TYPED: Record<string, Target> = { user: 'user', company: 'organize', department: 'organize', organize: 'organize', position: 'position', role: 'role', group: 'group' };
const SINGLE: Record<string, Target> = { userSelect: 'user', depSelect: 'organize', posSelect: 'position', roleSelect: 'role', groupSelect: 'group' };

/** One picker value to check: the ids it names (by table), its organisation or area paths, or a shape no picker stores. */
interface Use { field: CompiledField; path: string; refs: { target: Target; id: string }[]; orgPaths: string[][]; areaPaths: string[][]; malformed: boolean }

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== '');
/** A path kind's value: one path of ids from the top, or a list of paths when multiple. */
const pathsOf = (value: unknown): unknown[][] => {
  if (!Array.isArray(value)) return typeof value === 'string' && value ? [[value]] : [];
  if (value.some(Array.isArray)) return value.map((p) => (Array.isArray(p) ? p : [p]));
  return value.length ? [value] : [];
};
const texts = (values: unknown[]): string[] | null => (values.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 100) ? (values as string[]) : null);

function useOf(field: CompiledField, value: unknown, path: string): Use | null {
  const use: Use = { field, path, refs: [], orgPaths: [], areaPaths: [], malformed: false };
  if (field.kind === 'organizeSelect' || field.kind === 'areaSelect') {
    for (const raw of pathsOf(value)) {
      const ids = texts(raw);
      if (!ids || !ids.length) use.malformed = true;
      else (field.kind === 'organizeSelect' ? use.orgPaths : use.areaPaths).push(ids);
    }
  } else if (field.kind === 'usersSelect' || SINGLE[field.kind]) {
    const ids = texts(listOf(value));
    if (!ids) use.malformed = true;
    for (const raw of ids ?? []) {
      if (raw === CURRENT_USER && (field.kind === 'usersSelect' || field.kind === 'userSelect')) continue;
      const at = field.kind === 'usersSelect' ? raw.lastIndexOf('--') : -1;
      const target = at > 0 ? TYPED[raw.slice(at + 2)] : SINGLE[field.kind] ?? 'user';
      if (!target) use.malformed = true;
      else use.refs.push({ target, id: at > 0 ? raw.slice(0, at) : raw });
    }
  } else return null;
  return use.malformed || use.refs.length || use.orgPaths.length || use.areaPaths.length ? use : null;
}

/** The picker values of a record that need checking: changed (or new) and non-empty. */
function pickerUses(model: CompiledModel, data: Record<string, unknown>, stored: Record<string, unknown> | null): Use[] {
  return changedValues(model, data, stored).flatMap(({ field, value, path }) => useOf(field, value, path) ?? []);
}

/** Of the asked ids of each table, those the caller's picker scope shows (one query per table asked). */
async function visibleIds(db: Db, scope: PickerScope, callerId: string, asked: Map<Target, Set<string>>): Promise<Map<Target, Set<string>>> {
  const out = new Map<Target, Set<string>>();
  const ids = (target: Target) => [...(asked.get(target) ?? [])];
  const limit = scopeList(scope);
  if (ids('user').length) {
    let query = db.selectFrom('baseUser').select('baseUser.id').where('baseUser.id', 'in', ids('user')).where('baseUser.userKind', '!=', 'anonymous');
    if (limit) query = query.where(inOrganizes(limit));
    out.set('user', new Set((await query.execute()).map((r) => r.id)));
  }
  // every organisation is in the scope's parent map already: no query
  out.set('organize', new Set(ids('organize').filter((id) => scope.parents.has(id) && organizeVisible(scope, id))));
  if (ids('position').length) {
    const rows = await db.selectFrom('basePosition').select(['id', 'organizeId']).where('id', 'in', ids('position')).execute();
    out.set('position', new Set(rows.filter((p) => organizeVisible(scope, p.organizeId)).map((p) => p.id)));
  }
  if (ids('role').length) {
    const rows = await db.selectFrom('baseRole').select(['id', 'globalMark']).where('id', 'in', ids('role')).execute();
    const roleOrganizes = scope.organizeIds ? await organizeIdsOfRoles(db, rows.map((r) => r.id)) : new Map<string, string[]>();
    out.set('role', new Set(visibleRoles(scope, rows, roleOrganizes).map((r) => r.id)));
  }
  if (ids('group').length) {
    const rows = await db.selectFrom('baseGroup').select('id').where('id', 'in', ids('group')).execute();
    const groups = await visibleGroupIds(db, scope, callerId);
    out.set('group', new Set(rows.filter((g) => !groups || groups.has(g.id)).map((g) => g.id)));
  }
  return out;
}

/** A path is a chain from parent to child: each id's parent is the one before it. */
const chained = (path: string[], parentOf: (id: string) => string | undefined) => path.every((id, i) => parentOf(id) !== undefined && (i === 0 || parentOf(id) === path[i - 1]));

/**
 * Organisation-family picker values checked on save (issue 12): user, department, position,
 * role and group ids (and usersSelect's 'id--type' ids) must name existing objects the caller's
 * picker scope shows (permission/users/visibility.ts; administrators and user managers: any);
 * an organisation path must be a chain of existing organisations ending at one the caller sees
 * (the ancestors above their scope stay in the path, as the picker stores it from the top); an
 * area path a chain of existing areas. Anything else is refused on its field. One query per
 * table per save; values are checked when they change, like the other reference checks.
 */
export async function pickerProblems(
  db: Db, model: CompiledModel, data: Record<string, unknown>, locale: Locale, principal: Principal, stored: Record<string, unknown> | null,
): Promise<FieldError[]> {
  const uses = pickerUses(model, data, stored);
  if (!uses.length) return [];
  const asked = new Map<Target, Set<string>>();
  for (const use of uses) {
    for (const ref of use.refs) asked.set(ref.target, (asked.get(ref.target) ?? new Set()).add(ref.id));
    for (const path of use.orgPaths) asked.set('organize', (asked.get('organize') ?? new Set()).add(path[path.length - 1]!));
  }
  const needsScope = asked.size > 0 || uses.some((u) => u.orgPaths.length);
  const scope = needsScope ? await pickerScope(db, principal) : null;
  const seen = scope ? await visibleIds(db, scope, principal.user.id, asked) : new Map<Target, Set<string>>();
  const areaCodes = [...new Set(uses.flatMap((u) => u.areaPaths.flat()))];
  const areaParents = new Map(
    areaCodes.length ? (await db.selectFrom('baseArea').select(['id', 'parentId']).where('id', 'in', areaCodes).execute()).map((a) => [a.id, a.parentId]) : [],
  );
  const problems: FieldError[] = [];
  for (const use of uses) {
    const label = use.field.label;
    if (use.areaPaths.length) {
      if (use.malformed || !use.areaPaths.every((p) => chained(p, (id) => areaParents.get(id)))) problems.push({ field: use.path, message: translate(locale, 'recordRefs.notArea', { label }) });
      continue;
    }
    const refsOk = use.refs.every((r) => seen.get(r.target)?.has(r.id));
    const pathsOk = use.orgPaths.every((p) => chained(p, (id) => scope!.parents.get(id)) && seen.get('organize')?.has(p[p.length - 1]!));
    if (use.malformed || !refsOk || !pathsOk) problems.push({ field: use.path, message: translate(locale, use.field.kind === 'areaSelect' ? 'recordRefs.notArea' : 'recordRefs.notPickable', { label }) });
  }
  return problems;
}
