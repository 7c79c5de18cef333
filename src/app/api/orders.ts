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
