import type { Db } from '../../../db';
import type { BizCertificationRow } from '../../../db/schema';
import { dataOf } from './certification';

/** Area names of a path, joined (what the reviewer reads). */
async function areaText(db: Db, path: string[]): Promise<string> {
  if (!path.length) return '';
  const rows = await db.selectFrom('baseArea').select(['id', 'fullName']).where('id', 'in', path).execute();
  const names = new Map(rows.map((r) => [r.id, r.fullName]));
  return path.map((id) => names.get(id) ?? '').filter(Boolean).join(' / ');
}

async function userName(db: Db, id: string | null): Promise<string> {
  if (!id) return '';
  const u = await db.selectFrom('baseUser').select(['realName', 'account']).where('id', '=', id).executeTakeFirst();
  return u ? `${u.realName || u.account}` : '';
}

/** A certification as the pages show it; `row` undefined: none started yet for the organisation. */
export async function certificationView(db: Db, organizeId: string, row: BizCertificationRow | undefined) {
  const org = await db.selectFrom('baseOrganize').select('fullName').where('id', '=', organizeId).executeTakeFirst();
  const data = dataOf(row);
  return {
    id: row?.id ?? null, organizeId, organizeName: org?.fullName ?? '', status: row ? row.status : null, certified: Boolean(row?.certifiedAt),
    ...data, companyName: data.companyName || (row ? '' : org?.fullName ?? ''), areaText: await areaText(db, data.area),
    reason: row?.reason ?? null, submittedAt: row?.submittedAt == null ? null : Number(row.submittedAt), submittedByName: await userName(db, row?.submittedBy ?? null),
    reviewedAt: row?.reviewedAt == null ? null : Number(row.reviewedAt), reviewedByName: await userName(db, row?.reviewedBy ?? null),
    certifiedAt: row?.certifiedAt == null ? null : Number(row.certifiedAt), version: row?.version ?? 0,
  };
}
