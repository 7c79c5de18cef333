import type { Db } from '../../../db';
import type { Principal } from '../../../auth/principal';
import type { BizCertificationRow } from '../../../db/schema';
import { newId } from '../../../db/ids';
import { companyOf } from '../../../auth/org-tree';
import { AppError, refuse } from '../../../http/errors';
import { ReplyCode } from '../../../../src/runtime/codes';
import { translate, type Locale, type MessageKey } from '../../../../src/runtime/i18n';
import { creditCodeProblem, normaliseCreditCode } from '../../../../src/runtime/credit-code';
import { fileById, mayRead } from '../../file/uploads/file-repository';

/** biz_certification.status (docs/BUSINESS.md "Enterprise certification"). */
export const CERT_STATUS = { draft: 0, submitted: 1, approved: 2, rejected: 3 } as const;

export interface LicenceFile { name: string; fileId: string; url: string }
export interface Contact { name: string; phone: string; title: string }

/** What a customer sends: any part may be missing (a draft). */
export type CertificationInput = Partial<Omit<CertificationData, 'contacts'>> & { contacts?: Partial<Contact>[] };

/** What a customer fills in. */
export interface CertificationData {
  companyName: string; creditCode: string; legalPerson: string; area: string[]; address: string; licenceFile: LicenceFile | null; contacts: Contact[];
}

const MAX_CONTACTS = 10;
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp']);

const parse = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** The data a row holds (its JSON columns read back). */
export function dataOf(row: BizCertificationRow | undefined): CertificationData {
  return {
    companyName: row?.companyName ?? '', creditCode: row?.creditCode ?? '', legalPerson: row?.legalPerson ?? '',
    area: parse<string[]>(row?.area ?? null, []), address: row?.address ?? '', licenceFile: parse<LicenceFile | null>(row?.licenceFile ?? null, null), contacts: parse<Contact[]>(row?.contacts ?? null, []),
  };
}

/** The columns of the data, as stored. */
export function columnsOf(data: CertificationData) {
  return {
    companyName: data.companyName || null, creditCode: data.creditCode || null, legalPerson: data.legalPerson || null,
    area: data.area.length ? JSON.stringify(data.area) : null, address: data.address || null,
    licenceFile: data.licenceFile ? JSON.stringify(data.licenceFile) : null, contacts: data.contacts.length ? JSON.stringify(data.contacts) : null,
  };
}

export const certificationOf = (db: Db, organizeId: string) => db.selectFrom('bizCertification').selectAll().where('organizeId', '=', organizeId).executeTakeFirst();

/**
 * The caller's customer organisation, or a clear refusal for a user without one: staff (their
 * company is the platform's own, never certified) and customers not yet in a company.
 */
export async function ownCompany(db: Db, principal: Principal): Promise<string> {
  const organizeId = principal.user.userKind === 'customer' ? await companyOf(db, principal.user.organizeId) : null;
  if (!organizeId) throw new AppError(ReplyCode.forbidden, 'certification.noOrganisation');
  return organizeId;
}

/** Whether an area path is a chain of existing areas, each the child of the one before. */
async function areaChained(db: Db, path: string[]): Promise<boolean> {
  const rows = await db.selectFrom('baseArea').select(['id', 'parentId']).where('id', 'in', path).execute();
  const parents = new Map(rows.map((r) => [r.id, r.parentId]));
  return path.every((id, i) => parents.has(id) && (i === 0 || parents.get(id) === path[i - 1]));
}

/**
 * The submitted body cleaned and checked: texts trimmed, the code normalised, the area a chain of
 * existing areas, the licence an image the caller may read (or the one already on file), contacts
 * with a name and a phone. `complete` (a submission) also demands every field and a valid code.
 */
export async function checkedData(db: Db, principal: Principal, locale: Locale, body: CertificationInput, stored: BizCertificationRow | undefined, complete: boolean): Promise<CertificationData> {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const data: CertificationData = {
    companyName: text(body.companyName), creditCode: normaliseCreditCode(text(body.creditCode)), legalPerson: text(body.legalPerson),
    area: Array.isArray(body.area) ? body.area.filter((a) => typeof a === 'string' && a) : [], address: text(body.address), licenceFile: null,
    contacts: (Array.isArray(body.contacts) ? body.contacts : []).map((c) => ({ name: text(c?.name), phone: text(c?.phone), title: text(c?.title) })).filter((c) => c.name || c.phone || c.title),
  };
  if (data.contacts.length > MAX_CONTACTS || data.contacts.some((c) => !c.name || !c.phone)) throw refuse('certification.badContacts');
  if (data.area.length && !(await areaChained(db, data.area))) throw refuse('certification.badArea');
  const licence = body.licenceFile;
  if (licence && typeof licence === 'object' && typeof licence.fileId === 'string') {
    const file = await fileById(db, licence.fileId);
    const onFile = dataOf(stored).licenceFile?.fileId === licence.fileId;
    if (!file || !(onFile || mayRead(principal, file)) || !IMAGE_EXTENSIONS.has(file.extension)) throw refuse('certification.badFile');
    data.licenceFile = { name: text(licence.name).slice(0, 255) || file.originalName, fileId: file.id, url: text(licence.url).slice(0, 500) };
  }
  if (complete) {
    const missing = (key: MessageKey) => refuse('certification.missing', { field: translate(locale, key) });
    if (!data.companyName) throw missing('certification.field.companyName');
    if (!data.creditCode) throw missing('certification.field.creditCode');
    const problem = creditCodeProblem(data.creditCode);
    if (problem) throw refuse('certification.badCode', { problem: translate(locale, `certification.code${problem[0]!.toUpperCase()}${problem.slice(1)}` as MessageKey) });
    if (!data.legalPerson) throw missing('certification.field.legalPerson');
    if (!data.area.length) throw missing('certification.field.area');
    if (!data.address) throw missing('certification.field.address');
    if (!data.licenceFile) throw missing('certification.field.licence');
    if (!data.contacts.length) throw missing('certification.field.contacts');
  }
  return data;
}

/** The ordering gate (docs/BUSINESS.md "Orders"): an organisation orders once it was first certified. */
export async function requireCertified(db: Db, organizeId: string): Promise<void> {
  const row = await db.selectFrom('bizCertification').select('certifiedAt').where('organizeId', '=', organizeId).executeTakeFirst();
  if (!row?.certifiedAt) throw new AppError(ReplyCode.forbidden, 'certification.required');
}

/**
 * Marks organisations certified (approved, with their name as the company name): the demo's
 * customers at seeding, and the tests and benches that make customer organisations and then order
 * through the API. Organisations already holding a certification are left alone.
 */
export async function certifyOrganisations(db: Db, organizeIds: readonly string[], now = Date.now()): Promise<void> {
  if (organizeIds.length === 0) return;
  const orgs = await db.selectFrom('baseOrganize').select(['id', 'fullName']).where('id', 'in', [...organizeIds]).execute();
  const have = new Set((await db.selectFrom('bizCertification').select('organizeId').where('organizeId', 'in', [...organizeIds]).execute()).map((r) => r.organizeId));
  for (const org of orgs.filter((o) => !have.has(o.id))) {
    await db.insertInto('bizCertification').values({
      id: newId(), organizeId: org.id, status: CERT_STATUS.approved, companyName: org.fullName, creditCode: null, legalPerson: null, area: null, address: null, licenceFile: null,
      contacts: null, reason: null, approvedJson: null, submittedBy: null, submittedAt: now, reviewedBy: null, reviewedAt: now, certifiedAt: now, version: 1, createdAt: now, updatedAt: null,
    }).execute();
  }
}

/** Whether the file is a certification's licence the caller may see: its organisation's users, or reviewers. */
export async function certificationShowsFile(db: Db, principal: Principal, fileId: string): Promise<boolean> {
  const rows = await db.selectFrom('bizCertification').select(['organizeId', 'licenceFile', 'approvedJson']).where((eb) => eb.or([eb('licenceFile', 'like', `%${fileId.replace(/[%_\\]/g, '')}%`), eb('approvedJson', 'like', `%${fileId.replace(/[%_\\]/g, '')}%`)])).execute();
  const holding = rows.filter((r) => dataOf({ licenceFile: r.licenceFile } as BizCertificationRow).licenceFile?.fileId === fileId || parse<Partial<CertificationData>>(r.approvedJson, {}).licenceFile?.fileId === fileId);
  if (holding.length === 0) return false;
  if (principal.permissions.has('business.certification:review')) return true;
  const own = await companyOf(db, principal.user.organizeId);
  return holding.some((r) => r.organizeId === own);
}
