import type { Db } from '../../../db';
import type { Principal } from '../../../auth/principal';
import { companyOf } from '../../../auth/org-tree';
import { refuse } from '../../../http/errors';
import { fileById, mayRead } from '../../file/uploads/file-repository';

export interface InvoiceFile { name: string; fileId: string; url: string }

/**
 * The files staff attach when issuing an invoice: at most 5 stored uploads the issuer may read
 * (their own), kept as {name, fileId, url}. Anything else is refused, so an invoice can never
 * hand a customer a file the issuer could not open.
 */
export async function invoiceFilesOf(db: Db, principal: Principal, value: unknown): Promise<InvoiceFile[]> {
  if (value === null || value === undefined || value === '') return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      throw refuse('orders.badFile');
    }
  }
  const items = Array.isArray(list) ? list : [list];
  if (items.length > 5) throw refuse('orders.badFile');
  const out: InvoiceFile[] = [];
  for (const item of items) {
    const fileId = item && typeof item === 'object' ? (item as { fileId?: unknown }).fileId : null;
    const file = typeof fileId === 'string' ? await fileById(db, fileId) : undefined;
    if (!file || !mayRead(principal, file)) throw refuse('orders.badFile');
    const name = typeof (item as { name?: unknown }).name === 'string' ? String((item as { name: string }).name).slice(0, 255) : file.originalName;
    out.push({ name, fileId: file.id, url: typeof (item as { url?: unknown }).url === 'string' ? String((item as { url: string }).url).slice(0, 500) : '' });
  }
  return out;
}

/**
 * Whether an issued invoice holding the file belongs to the caller's organisation (or the caller
 * manages invoices): then the caller may download it, whoever uploaded it.
 */
export async function invoiceShowsFile(db: Db, principal: Principal, fileId: string): Promise<boolean> {
  const rows = await db.selectFrom('bizInvoice').select(['organizeId', 'fileJson']).where('status', '=', 2).where('fileJson', 'like', `%${fileId.replace(/[%_\\]/g, '')}%`).execute();
  const holding = rows.filter((r) => {
    try {
      return (JSON.parse(r.fileJson ?? '[]') as InvoiceFile[]).some((f) => f.fileId === fileId);
    } catch {
      return false;
    }
  });
  if (holding.length === 0) return false;
  if (principal.permissions.has('business.invoice:manage')) return true;
  const own = await companyOf(db, principal.user.organizeId);
  return holding.some((r) => r.organizeId === own);
}
