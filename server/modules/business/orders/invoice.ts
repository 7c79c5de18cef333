import type { Kysely } from 'kysely';
import type { BizInvoiceRow, Database } from '../../../db/schema';
import { newId } from '../../../db/ids';
import { AppError, refuse } from '../../../http/errors';
import { nextBillNumber } from '../../system/bill-rule/number';

type Db = Kysely<Database>;

/** The serial-number rule of invoice request numbers (a demo rule; without it the number is derived from the order's). */
export const INVOICE_NUMBER_RULE = 'InvoiceNumber';

/**
 * A taxpayer id: the unified social credit code (18) or an older taxpayer id (15 or 20),
 * digits and capital letters.
 */
export function validTaxNo(value: string): boolean {
  return /^[0-9A-Z]{15}$|^[0-9A-Z]{18}$|^[0-9A-Z]{20}$/.test(value);
}

export interface RequestInvoice {
  orderId: string;
  organizeId: string;
  title: string;
  taxNo: string;
  /** fen, > 0 */
  amount: number;
  by: string;
}

/**
 * Requests an invoice for a settled order (docs/BUSINESS.md "Invoices"): one guarded UPDATE adds
 * the amount to the order's invoiced amount only while it stays within the settled amount, so
 * parallel requests never exceed it; the invoice row in the same transaction.
 */
export async function requestInvoice(db: Db, r: RequestInvoice): Promise<BizInvoiceRow> {
  if (!Number.isSafeInteger(r.amount) || r.amount <= 0) throw refuse('orders.badAmount');
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('bizOrder')
      .set((eb) => ({ invoicedAmount: eb('invoicedAmount', '+', r.amount) }))
      .where('id', '=', r.orderId)
      .where('status', '=', 4)
      .where((eb) => eb(eb('invoicedAmount', '+', r.amount), '<=', eb.ref('settledAmount')))
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) {
      const order = await trx.selectFrom('bizOrder').select('status').where('id', '=', r.orderId).executeTakeFirst();
      throw refuse(Number(order?.status) === 4 ? 'orders.invoiceExceeds' : 'orders.notSettled');
    }
    let invoiceNo: string;
    try {
      invoiceNo = await nextBillNumber(trx as Db, INVOICE_NUMBER_RULE);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // the order's row is held by the UPDATE above, so counting its invoices cannot race
      const order = await trx.selectFrom('bizOrder').select('orderNo').where('id', '=', r.orderId).executeTakeFirstOrThrow();
      const n = await trx.selectFrom('bizInvoice').select((eb) => eb.fn.countAll<number>().as('n')).where('orderId', '=', r.orderId).executeTakeFirst();
      invoiceNo = `FP-${order.orderNo}-${Number(n?.n ?? 0) + 1}`;
    }
    const row: BizInvoiceRow = {
      id: newId(), invoiceNo, organizeId: r.organizeId, orderId: r.orderId, title: r.title.slice(0, 100), taxNo: r.taxNo, amount: r.amount, status: 1,
      reason: null, fileJson: null, createdBy: r.by, createdAt: Date.now(), handledBy: null, handledAt: null,
    };
    await trx.insertInto('bizInvoice').values(row).execute();
    return row;
  });
}

/** Issues a requested invoice (1 → 2, guarded), with the file staff attach. */
export async function issueInvoice(db: Db, id: string, by: string, fileJson: string | null): Promise<void> {
  const done = await db.updateTable('bizInvoice').set({ status: 2, fileJson, handledBy: by, handledAt: Date.now() }).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw refuse('orders.invoiceNotRequested');
}

/** Rejects a requested invoice (1 → 3, guarded) and frees its amount on the order, in one transaction. */
export async function rejectInvoice(db: Db, id: string, by: string, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const invoice = await trx.selectFrom('bizInvoice').select(['orderId', 'amount']).where('id', '=', id).executeTakeFirst();
    const done = await trx.updateTable('bizInvoice').set({ status: 3, reason: reason.slice(0, 500), handledBy: by, handledAt: Date.now() }).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
    if (!invoice || Number(done.numUpdatedRows) !== 1) throw refuse('orders.invoiceNotRequested');
    const amount = Number(invoice.amount);
    const freed = await trx
      .updateTable('bizOrder')
      .set((eb) => ({ invoicedAmount: eb('invoicedAmount', '-', amount) }))
      .where('id', '=', invoice.orderId)
      .where('invoicedAmount', '>=', amount)
      .executeTakeFirst();
    if (Number(freed.numUpdatedRows) !== 1) throw refuse('orders.invoiceNotRequested');
  });
}
