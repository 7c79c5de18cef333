import type { DbOrTrx } from '../dictionary/repository';
import type { FlowNode } from '../../../src/runtime/flow';

/**
 * Who approves a node (docs/FLOWS.md "Approvers"), by the template's assigneeType:
 * 1 the initiator's superior, 2 the manager of the initiator's department, 3 the initiator,
 * 6 and 8 the chosen users and the holders of the chosen positions, 7 the users chosen when the
 * flow runs (`chosen`). Only enabled users. Nobody found (a template saved elsewhere names
 * users this platform does not have): the administrators, so a flow never waits on no one.
 */
export async function approversOf(db: DbOrTrx, node: FlowNode, initiatorId: string, chosen: readonly string[] = []): Promise<string[]> {
  const p = node.properties;
  const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const initiator = await db.selectFrom('baseUser').select(['id', 'managerId', 'organizeId']).where('id', '=', initiatorId).executeTakeFirst();
  let found: string[] = [];
  switch (Number(p.assigneeType)) {
    case 1:
      found = initiator?.managerId ? [initiator.managerId] : [];
      break;
    case 2: {
      const dept = initiator?.organizeId ? await db.selectFrom('baseOrganize').select('managerId').where('id', '=', initiator.organizeId).executeTakeFirst() : undefined;
      found = dept?.managerId ? [dept.managerId] : [];
      break;
    }
    case 3:
      found = [initiatorId];
      break;
    case 7:
      found = [...chosen];
      break;
    default:
      found = [...ids(p.approvers), ...(await holdersOf(db, ids(p.approverPos)))];
  }
  const enabled = await enabledUsers(db, found);
  return enabled.length ? enabled : administrators(db);
}

/** Copy-to recipients of a node (circulateUser, circulatePosition), enabled users only. */
export async function circulatorsOf(db: DbOrTrx, node: FlowNode): Promise<string[]> {
  const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return enabledUsers(db, [...ids(node.properties.circulateUser), ...(await holdersOf(db, ids(node.properties.circulatePosition)))]);
}

async function holdersOf(db: DbOrTrx, positionIds: string[]): Promise<string[]> {
  if (positionIds.length === 0) return [];
  const rows = await db.selectFrom('baseUserRelation').select('userId').where('objectType', '=', 'Position').where('objectId', 'in', positionIds).execute();
  return rows.map((r) => r.userId);
}

async function enabledUsers(db: DbOrTrx, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.selectFrom('baseUser').select('id').where('id', 'in', unique).where('enabledMark', '=', 1).execute();
  const known = new Set(rows.map((r) => r.id));
  return unique.filter((id) => known.has(id));
}

export async function administrators(db: DbOrTrx): Promise<string[]> {
  const rows = await db.selectFrom('baseUser').select('id').where('isAdministrator', '=', 1).where('enabledMark', '=', 1).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/**
 * Entrusts in force now: each approver who delegated this flow (or all flows) for a period that
 * holds `now` is replaced by the delegate, the task marked with whom it came from.
 */
export async function withDelegates(db: DbOrTrx, engineId: string, userIds: string[], now: number): Promise<{ userId: string; delegatedFrom: string | null }[]> {
  if (userIds.length === 0) return [];
  const rows = await db.selectFrom('flowDelegate').selectAll().where('userId', 'in', userIds).where('startTime', '<=', now).where('endTime', '>=', now).orderBy('createdAt', 'desc').execute();
  const out = new Map<string, { userId: string; delegatedFrom: string | null }>();
  for (const userId of userIds) {
    const d = rows.find((r) => r.userId === userId && (r.engineIds === null || (JSON.parse(r.engineIds) as string[]).includes(engineId)));
    const to = d && d.toUserId !== userId ? d.toUserId : userId;
    if (!out.has(to)) out.set(to, { userId: to, delegatedFrom: to === userId ? null : userId });
  }
  return [...out.values()];
}
