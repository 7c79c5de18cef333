export { orderRoutes } from './routes';
export { invoiceRoutes } from './invoice-routes';
export { orderTraceRoutes } from './trace-routes';
export { placeOrder, cancelOrder, confirmOrder, orderOf, parseTonnes, formatKg, ORDER_NUMBER_RULE, MAX_LINES, MAX_LINE_KG, type PlaceOrder } from './order';
export { requestInvoice, issueInvoice, rejectInvoice, validTaxNo, INVOICE_NUMBER_RULE } from './invoice';

/** Order statuses (biz_order.status; docs/BUSINESS.md "Orders"): settlement sets SETTLED with settled_amount. */
export const ORDER_STATUS = { placed: 1, confirmed: 2, cancelled: 3, settled: 4 } as const;
/** Invoice statuses (biz_invoice.status). */
export const INVOICE_STATUS = { requested: 1, issued: 2, rejected: 3 } as const;
