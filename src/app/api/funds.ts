/** The caller's organisation's money (issue 15; docs/BUSINESS.md): amounts in fen. */
import { http } from './client';

export interface FundsAccount {
  organizeId: string;
  organizeName: string;
  balance: number;
  frozen: number;
  available: number;
  creditLimit: number;
  creditUsed: number;
  creditAvailable: number;
}

export const myFunds = () => http.get<FundsAccount>('/api/business/CapitalPool');

/** A five-minute link to the caller's organisation's ledger as .xlsx (`credit`: the credit line's movements only). */
export const ledgerExport = (credit: boolean) => http.post<{ url: string; name: string }>('/api/business/CapitalPool/Ledger/Export', { credit });
