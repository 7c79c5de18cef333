import type { Db } from '../../../db';
import { AppError } from '../../../http/errors';
import type { MessageKey, MessageParams } from '../../../../src/runtime/i18n';
import { SERVICE_ROOT_DEPT, type ServiceSession } from './services';

export type TFunction = (key: MessageKey, params?: MessageParams) => string;

/** base_syn_third_info.third_type. */
export const THIRD_TYPE = { qy: 1, ding: 2 } as const;
/** base_syn_third_info.data_type. */
export const DATA_TYPE = { organize: 1, user: 2 } as const;

/** What one push did (and what getSynThirdTotal answers per kind of record). */
export interface SynTotals {
  /** 1 organisations, 2 users. */
  synType: number;
  recordTotal: number;
  synSuccessCount: number;
  synFailCount: number;
  unSynCount: number;
  /** Epoch ms of the last push of this kind, null before the first. */
  synDate: number | null;
}

type Outcome = { thirdId: string | null; ok: boolean; description: string | null };

/** A failure's text for the record: our refusals in the caller's language, anything else generic. */
function failureText(error: unknown, t: TFunction): string {
  return (error instanceof AppError ? t(error.key, error.params) : t('synThird.failed')).slice(0, 500);
}

async function record(db: Db, thirdType: number, dataType: number, sysObjId: string, o: Outcome, now: number) {
  await db.deleteFrom('baseSynThirdInfo').where('thirdType', '=', thirdType).where('dataType', '=', dataType).where('sysObjId', '=', sysObjId).execute();
  await db.insertInto('baseSynThirdInfo').values({ thirdType, dataType, sysObjId, thirdObjId: o.thirdId, synState: o.ok ? 1 : 2, description: o.description, lastModifyTime: now }).execute();
}

async function knownIds(db: Db, thirdType: number, dataType: number): Promise<Map<string, string>> {
  const rows = await db.selectFrom('baseSynThirdInfo').select(['sysObjId', 'thirdObjId']).where('thirdType', '=', thirdType).where('dataType', '=', dataType).execute();
  return new Map(rows.filter((r) => r.thirdObjId).map((r) => [r.sysObjId, r.thirdObjId!]));
}

/**
 * Pushes every enabled organisation (companies and departments, base_organize) parents first:
 * one the service already has (an earlier push) is updated, others are created under their
 * parent's id of the service (a root organisation under the service's root department). A
 * failure is recorded on its organisation and its subtree is skipped as failed; the rest go on.
 */
export async function pushOrganizes(db: Db, session: ServiceSession, thirdType: number, t: TFunction, now: number): Promise<SynTotals> {
  const orgs = await db.selectFrom('baseOrganize').select(['id', 'parentId', 'fullName', 'sortCode']).where('enabledMark', '=', 1).orderBy('sortCode').orderBy('id').execute();
  const known = await knownIds(db, thirdType, DATA_TYPE.organize);
  const byParent = new Map<string, typeof orgs>();
  const ids = new Set(orgs.map((o) => o.id));
  for (const o of orgs) {
    const parent = ids.has(o.parentId) ? o.parentId : '-1';
    byParent.set(parent, [...(byParent.get(parent) ?? []), o]);
  }
  let success = 0;
  let fail = 0;
  const visit = async (parentKey: string, parentThirdId: string | null, parentFailure: string | null) => {
    for (const o of byParent.get(parentKey) ?? []) {
      let outcome: Outcome;
      if (parentThirdId === null) outcome = { thirdId: known.get(o.id) ?? null, ok: false, description: parentFailure ?? t('synThird.parentFailed') };
      else {
        const push = { name: o.fullName, parentThirdId, order: o.sortCode };
        const existing = known.get(o.id);
        try {
          if (existing) await session.updateDept(existing, push);
          outcome = { thirdId: existing ?? (await session.createDept(push)), ok: true, description: null };
        } catch (error) {
          outcome = { thirdId: existing ?? null, ok: false, description: failureText(error, t) };
        }
      }
      if (outcome.ok) success += 1;
      else fail += 1;
      await record(db, thirdType, DATA_TYPE.organize, o.id, outcome, now);
      await visit(o.id, outcome.ok ? outcome.thirdId : null, outcome.ok ? null : t('synThird.parentFailed'));
    }
  };
  await visit('-1', SERVICE_ROOT_DEPT, null);
  return { synType: DATA_TYPE.organize, recordTotal: orgs.length, synSuccessCount: success, synFailCount: fail, unSynCount: orgs.length - success - fail, synDate: now };
}

/**
 * Pushes every enabled user (base_user) into the service's departments of their organisations
 * (the main one and their other memberships). A user whose organisations were never pushed is
 * recorded as failed with that reason: push the organisations first.
 */
export async function pushUsers(db: Db, session: ServiceSession, thirdType: number, t: TFunction, now: number): Promise<SynTotals> {
  const users = await db.selectFrom('baseUser').select(['id', 'realName', 'mobile', 'email', 'organizeId']).where('enabledMark', '=', 1).orderBy('createdAt').orderBy('id').execute();
  const memberships = await db.selectFrom('baseUserRelation').select(['userId', 'objectId']).where('objectType', '=', 'Organize').orderBy('sortCode').execute();
  const depts = await knownIds(db, thirdType, DATA_TYPE.organize);
  const known = await knownIds(db, thirdType, DATA_TYPE.user);
  let success = 0;
  let fail = 0;
  for (const u of users) {
    const orgIds = [...new Set([u.organizeId, ...memberships.filter((m) => m.userId === u.id).map((m) => m.objectId)].filter((x): x is string => !!x))];
    const deptThirdIds = orgIds.map((id) => depts.get(id)).filter((x): x is string => !!x);
    const existing = known.get(u.id);
    let outcome: Outcome;
    if (deptThirdIds.length === 0) outcome = { thirdId: existing ?? null, ok: false, description: t('synThird.userWithoutDept') };
    else {
      const push = { userId: u.id, name: u.realName, mobile: u.mobile, email: u.email, deptThirdIds };
      try {
        if (existing) await session.updateUser(existing, push);
        outcome = { thirdId: existing ?? (await session.createUser(push)), ok: true, description: null };
      } catch (error) {
        outcome = { thirdId: existing ?? null, ok: false, description: failureText(error, t) };
      }
    }
    if (outcome.ok) success += 1;
    else fail += 1;
    await record(db, thirdType, DATA_TYPE.user, u.id, outcome, now);
  }
  return { synType: DATA_TYPE.user, recordTotal: users.length, synSuccessCount: success, synFailCount: fail, unSynCount: users.length - success - fail, synDate: now };
}

/** getSynThirdTotal: for organisations and users, how many exist, were pushed, failed, never pushed. */
export async function synTotals(db: Db, thirdType: number): Promise<SynTotals[]> {
  const orgIds = (await db.selectFrom('baseOrganize').select('id').where('enabledMark', '=', 1).execute()).map((r) => r.id);
  const userIds = (await db.selectFrom('baseUser').select('id').where('enabledMark', '=', 1).execute()).map((r) => r.id);
  const rows = await db.selectFrom('baseSynThirdInfo').select(['dataType', 'sysObjId', 'synState', 'lastModifyTime']).where('thirdType', '=', thirdType).execute();
  return ([[DATA_TYPE.organize, orgIds], [DATA_TYPE.user, userIds]] as const).map(([dataType, ids]) => {
    const live = new Set(ids);
    const mine = rows.filter((r) => r.dataType === dataType && live.has(r.sysObjId));
    const ok = mine.filter((r) => r.synState === 1).length;
    const failed = mine.length - ok;
    const last = mine.reduce<number | null>((m, r) => (m === null || Number(r.lastModifyTime) > m ? Number(r.lastModifyTime) : m), null);
    return { synType: dataType, recordTotal: ids.length, synSuccessCount: ok, synFailCount: failed, unSynCount: ids.length - mine.length, synDate: last };
  });
}
