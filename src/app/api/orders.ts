/** Orders of the ordering front end (issue 15 item 4; docs/BUSINESS.md "Orders"): amounts in fen, weights in kg. */
import { http } from './client';

export interface OrderableGoods {
  id: string;
  fullName: string;
  category: string;
  spec: string;
  unit: string;
  warehouseName: string;
  /** fen per tonne */
  price: number;
  priceText: string;
}

export interface OrderLine {
  id: string; goodsId: string; goodsName: string; category: string; spec: string; warehouseName: string;
  kg: number; tonnes: string; price: number; priceText: string; amount: number; amountText: string;
}

export interface OrderInfo {
  id: string; orderNo: string; organizeName: string; status: 1 | 2 | 3 | 4;
  amount: number; poolAmount: number; creditAmount: number; settledAmount: number | null;
  amountText: string; poolAmountText: string; creditAmountText: string; settledAmountText: string; invoicedAmountText: string;
  note: string | null; createdAt: number; confirmedAt: number | null; closedAt: number | null;
  lines: OrderLine[];
}

export interface PlaceOrderBody {
  lines: { goodsId: string; tonnes: string }[];
  /** yuan; absent: the pool first, credit for the rest */
  creditAmount?: string;
  note?: string;
}

export const orderableGoods = () => http.get<OrderableGoods[]>('/api/business/Order/Goods');
export const placeOrder = (body: PlaceOrderBody) => http.post<OrderInfo>('/api/business/Order', body as unknown as Record<string, unknown>);
export const orderInfo = (id: string) => http.get<OrderInfo>(`/api/business/Order/${encodeURIComponent(id)}`);

export interface OrderTrace {
  pickups: { id: string; pickupNo: string; status: 1 | 2 | 3; vehicle: string; driver: string; plannedDate: number; confirmedAt: number | null; lines: { goodsName: string; tonnes: string; actualTonnes: string }[] }[];
  transfers: { goodsName: string; tonnes: string; toName: string; createdAt: number }[];
  settlement: {
    orderedText: string; actualText: string; orderedTonnes: string; actualTonnes: string; deductedText: string; releasedText: string;
    chargedText: string; creditKeptText: string; creditReleasedText: string; createdAt: number;
  } | null;
  invoices: { id: string; invoiceNo: string; title: string; amountText: string; status: 1 | 2 | 3; reason: string | null; createdAt: number }[];
  ledger: { id: string; kind: string; balanceDeltaText: string; frozenDeltaText: string; creditUsedDeltaText: string; createdAt: number }[];
}

/** An order's pickups, outbound weights, transfers, settlement, invoices and ledger rows (/info). */
export const orderTrace = (id: string) => http.get<OrderTrace>(`/api/business/Order/${encodeURIComponent(id)}/Trace`);
