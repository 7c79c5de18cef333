import dayjs from 'dayjs';
import type { Db } from '../../db';
import type { CompiledField, CompiledModel, OptionItem } from '../../../src/runtime/model/compiled';
import type { FieldKind } from '../../../src/runtime/model/kinds';

/**
 * Display values of records: option labels for values, names for user / organisation /
 * position ids, formatted times. Used by the list, the detail viewer and the export.
 * Dictionary and data-interface options are shown as stored until those modules exist.
 */
const USER_KINDS: ReadonlySet<FieldKind> = new Set(['createUser', 'modifyUser', 'userSelect', 'usersSelect']);
const ORG_KINDS: ReadonlySet<FieldKind> = new Set(['currOrganize', 'currDept', 'organizeSelect', 'depSelect']);
const POSITION_KINDS: ReadonlySet<FieldKind> = new Set(['currPosition', 'posSelect']);
const TIME_KINDS: ReadonlySet<FieldKind> = new Set(['createTime', 'modifyTime', 'datePicker']);

type Names = Map<string, string>;

const idsIn = (value: unknown): string[] => (Array.isArray(value) ? value.flat(2) : [value]).filter((v): v is string => typeof v === 'string' && v !== '');

export async function displayRecords(db: Db, model: CompiledModel, records: Record<string, unknown>[], keys?: readonly string[]): Promise<Record<string, unknown>[]> {
  const fields = (keys ?? Object.keys(model.form.fields)).map((k) => model.form.fields[k]).filter((f): f is CompiledField => Boolean(f?.stores));
  const collect = (kinds: ReadonlySet<FieldKind>) => [...new Set(records.flatMap((r) => fields.filter((f) => kinds.has(f.kind)).flatMap((f) => idsIn(r[f.key]))))];
  const userIds = collect(USER_KINDS);
  const orgIds = collect(ORG_KINDS);
  const positionIds = collect(POSITION_KINDS);
  const [users, orgs, positions] = await Promise.all([
    userIds.length ? db.selectFrom('baseUser').select(['id', 'realName', 'account']).where('id', 'in', userIds).execute() : Promise.resolve([]),
    orgIds.length ? db.selectFrom('baseOrganize').select(['id', 'fullName']).where('id', 'in', orgIds).execute() : Promise.resolve([]),
    positionIds.length ? db.selectFrom('basePosition').select(['id', 'fullName']).where('id', 'in', positionIds).execute() : Promise.resolve([]),
  ]);
  const userNames: Names = new Map(users.map((u) => [u.id, `${u.realName}/${u.account}`]));
  const orgNames: Names = new Map(orgs.map((o) => [o.id, o.fullName]));
  const positionNames: Names = new Map(positions.map((p) => [p.id, p.fullName]));
  return records.map((record) => {
    const out: Record<string, unknown> = { ...record };
    for (const f of fields) out[f.key] = displayValue(f, record[f.key], { userNames, orgNames, positionNames });
    return out;
  });
}

function optionLabel(options: OptionItem[], value: unknown): string | undefined {
  for (const o of options) {
    if (String(o.value) === String(value)) return o.label;
    const inner = o.children ? optionLabel(o.children, value) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function momentFormat(format: unknown): string {
  if (typeof format !== 'string' || !format) return 'YYYY-MM-DD HH:mm:ss';
  return format.replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD');
}

function displayValue(field: CompiledField, value: unknown, names: { userNames: Names; orgNames: Names; positionNames: Names }): unknown {
  if (value === null || value === undefined || value === '') return value ?? null;
  const join = (list: unknown[], map: (v: unknown) => string) => list.map(map).join(',');
  const many = (v: unknown) => (Array.isArray(v) ? v : [v]);
  if (USER_KINDS.has(field.kind)) return join(many(value), (v) => names.userNames.get(String(v)) ?? String(v));
  if (ORG_KINDS.has(field.kind)) return join(many(value), (v) => (Array.isArray(v) ? v.map((x) => names.orgNames.get(String(x)) ?? String(x)).join('/') : names.orgNames.get(String(v)) ?? String(v)));
  if (POSITION_KINDS.has(field.kind)) return join(many(value), (v) => names.positionNames.get(String(v)) ?? String(v));
  if (TIME_KINDS.has(field.kind) && typeof value === 'number') return dayjs(value).format(momentFormat(field.props.format));
  if (field.kind === 'switch') {
    const on = value === true || value === 1 || value === '1';
    return String((on ? field.props.activeTxt : field.props.inactiveTxt) ?? (on ? '开' : '关'));
  }
  if (field.options?.from === 'static') {
    const options = field.options.options;
    return join(many(value), (v) => (Array.isArray(v) ? v.map((x) => optionLabel(options, x) ?? String(x)).join('/') : optionLabel(options, v) ?? String(v)));
  }
  return value;
}
