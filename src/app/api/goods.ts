/** Goods, prices, price alerts and stock of the ordering front end (issue 15; docs/BUSINESS.md): money in fen, weights in kg. */
import { http } from './client';

export interface MonitorRow {
  id: string; category: string; fullName: string; material: string | null; spec: string | null; unit: string; warehouseName: string;
  price: number | null; previous: number | null; change: number | null; changePercent: number | null; priceAt: number | null;
  priceText: string; changeText: string; changePercentText: string;
}
export interface PricePoint { price: number; priceText: string; createdAt: number }
export interface PriceAlert {
  id: string; goodsId: string; goodsName: string; unit: string; direction: 'above' | 'below'; threshold: number; thresholdText: string; enabledMark: number; firedAt: number | null; createdAt: number;
}
export interface Warehouse { id: string; fullName: string; address: string | null; sortCode: number; enabledMark: number }
export interface GoodsRow { id: string; category: string; fullName: string; warehouseId: string; warehouseName: string; priceText: string; enabledMark: number }
export interface StockRow {
  id: string; warehouseId: string; warehouseName: string; goodsId: string; goodsName: string; category: string; material: string | null; spec: string | null; kg: number; tonnesText: string; updatedAt: number;
}
export interface StockLedgerRow { id: string; kind: string; kgDelta: number; kgAfter: number; deltaText: string; afterText: string; refType: string | null; refId: string | null; note: string | null; createdAt: number }
interface Page<T> { list: T[]; pagination: { currentPage: number; pageSize: number; total: number } }

export const priceMonitor = () => http.get<{ list: MonitorRow[] }>('/api/business/Price/Monitor');
export const priceHistory = (goodsId: string) => http.get<{ list: PricePoint[] }>(`/api/business/Goods/${encodeURIComponent(goodsId)}/Price`);
export const myAlerts = () => http.get<{ list: PriceAlert[] }>('/api/business/PriceAlert');
export const setAlert = (body: { goodsId: string; direction: 'above' | 'below'; threshold: string }) => http.post<{ id: string }>('/api/business/PriceAlert', body);
export const removeAlert = (id: string) => http.delete<null>(`/api/business/PriceAlert/${encodeURIComponent(id)}`);
export const warehouses = () => http.get<{ list: Warehouse[] }>('/api/business/Warehouse');
export const goodsList = (query: { warehouseId?: string; pageSize?: number }) => http.get<Page<GoodsRow>>('/api/business/Goods', { pageSize: 500, ...query });
export const stockList = (query: { keyword?: string; warehouseId?: string; category?: string; currentPage?: number; pageSize?: number }) => http.get<Page<StockRow>>('/api/business/Stock', query);
export const stockLedger = (stockId: string, currentPage = 1) => http.get<Page<StockLedgerRow>>(`/api/business/Stock/${encodeURIComponent(stockId)}/Ledger`, { currentPage, pageSize: 50 });
export const recordReceipt = (body: { warehouseId: string; goodsId: string; tonnes: string; note?: string }) => http.post<{ stockId: string; kg: number; tonnesText: string }>('/api/business/Stock/Receipt', body);
