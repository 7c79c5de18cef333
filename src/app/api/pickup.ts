/** Goods awaiting pickup, pickups, outbound, transfers (issue 15; docs/BUSINESS.md): weights in kg, with tonnes texts. */
import { http, request } from './client';

export interface PoolRow {
  id: string; organizeName: string; orderNo: string; goodsName: string; category: string; spec: string; warehouseName: string;
  kgTotal: number; kgReserved: number; kgLeft: number; totalText: string; reservedText: string; leftText: string; sourceId: string | null; mine: boolean;
}
export interface PickupLine { id: string; waitGoodsId: string; goodsName: string; spec: string; warehouseName: string; orderNo: string; kg: number; kgActual: number | null; plannedText: string; actualText: string }
export interface Pickup {
  id: string; pickupNo: string; organizeName: string; status: 1 | 2 | 3; noSpec: number; category: string | null; vehicle: string; driver: string; phone: string;
  plannedDate: number; createdAt: number; plannedText: string; actualText: string; goodsText: string; lines: PickupLine[];
}
export interface Transfer { id: string; direction: 'sent' | 'received'; senderName: string; receiverName: string; goodsName: string; spec: string; orderNo: string; tonnesText: string; createdAt: number }
export interface PickupHead { vehicle: string; driver: string; phone: string; plannedDate: number; note?: string }
interface Paged<T> { list: T[]; pagination: { total: number } }

export const waitGoods = () => http.get<Paged<PoolRow>>('/api/business/WaitGoods', { pageSize: 500, onlyLeft: true });
export const poolCategories = () => http.get<{ category: string; kgLeft: number }[]>('/api/business/WaitGoods/Categories');
export const pickups = (status?: number) => http.get<Paged<Pickup>>('/api/business/Pickup', { pageSize: 200, ...(status ? { status } : {}) });
export const transfers = () => http.get<Paged<Transfer>>('/api/business/Transfer', { pageSize: 200 });
export const receivers = () => http.get<{ id: string; fullName: string }[]>('/api/business/Transfer/Receivers', undefined, { silent: true });

/** Posts and answers the server's message (shown to the user). */
const post = async (url: string, data: Record<string, unknown>) => (await request({ url, method: 'POST', data })).msg;
export const requestPickup = (head: PickupHead, lines: { waitGoodsId: string; tonnes: string }[]) => post('/api/business/Pickup', { ...head, lines });
export const requestNoSpec = (head: PickupHead, category: string, tonnes: string) => post('/api/business/Pickup/NoSpec', { ...head, category, tonnes });
export const cancelPickup = (id: string) => post(`/api/business/Pickup/${id}/Cancel`, {});
export const confirmOutbound = (id: string, lines: { id: string; tonnes: string }[]) => post(`/api/business/Pickup/${id}/Confirm`, { lines });
export const transfer = (waitGoodsId: string, receiverId: string, tonnes: string) => post('/api/business/Transfer', { waitGoodsId, receiverId, tonnes });
