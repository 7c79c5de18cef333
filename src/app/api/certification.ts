/** Enterprise certification (/authentication) and its review queue (docs/BUSINESS.md "Enterprise certification"). */
import { http } from './client';

export interface LicenceFile { name: string; fileId: string; url: string }
export interface CertificationContact { name: string; phone: string; title: string }

export interface CertificationFields {
  companyName: string; creditCode: string; legalPerson: string; area: string[]; address: string; licenceFile: LicenceFile | null; contacts: CertificationContact[];
}

export interface Certification extends CertificationFields {
  id: string | null; organizeId: string; organizeName: string;
  /** 0 draft, 1 submitted, 2 approved, 3 rejected; null: none started */
  status: 0 | 1 | 2 | 3 | null;
  certified: boolean; areaText: string; reason: string | null;
  submittedAt: number | null; submittedByName: string; reviewedAt: number | null; reviewedByName: string; certifiedAt: number | null; version: number;
}

export interface QueueItem {
  kind: 'certification' | 'registration'; id: string; companyName: string; creditCode: string; applicant: string; mobile: string;
  status: number; certified: boolean; submittedAt: number; version: number;
}

export interface Paged<T> { list: T[]; pagination: { currentPage: number; pageSize: number; total: number } }

const BASE = '/api/business/Certification';

export const ownCertification = () => http.get<Certification>(BASE);
/** The home page's quiet read: no error toast (staff have no certification of their own). */
export const ownCertificationQuietly = () => http.get<Certification>(BASE, undefined, { silent: true });
export const saveCertification = (body: CertificationFields & { version: number }) => http.put<Certification>(BASE, body as unknown as Record<string, unknown>);
export const submitCertification = (body: CertificationFields & { version: number }) => http.post<Certification>(`${BASE}/Submit`, body as unknown as Record<string, unknown>);

export const reviewQueue = (query: { currentPage: number; pageSize: number; keyword?: string; status?: number | 'all' | '' }) =>
  http.get<Paged<QueueItem>>(`${BASE}/Queue`, query as Record<string, unknown>);
export const reviewItem = (id: string) => http.get<Certification>(`${BASE}/Queue/${encodeURIComponent(id)}`);
export const approveCertification = (id: string, version: number) => http.post<Certification>(`${BASE}/${encodeURIComponent(id)}/Approve`, { version });
export const rejectCertification = (id: string, version: number, reason: string) => http.post<Certification>(`${BASE}/${encodeURIComponent(id)}/Reject`, { version, reason });
export const approveRegistrationFromQueue = (userId: string) => http.post<null>(`${BASE}/Registration/${encodeURIComponent(userId)}/Approve`);
