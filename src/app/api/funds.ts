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
