/** A customer organisation's debts on its credit line (/debtHome; docs/BUSINESS.md "Debts"). */
import { http } from './client';

export interface DebtBill {
  orderId: string | null; orderNo: string; date: number; dueAt: number;
  amountText: string; repaidText: string; outstanding: number; outstandingText: string; overdue: boolean; daysOverdue: number;
}

export interface Debt {
  organizeId: string; organizeName: string; termDays: number;
  creditLimitText: string; creditUsed: number; creditUsedText: string; creditAvailableText: string;
  overdue: number; overdueText: string; overdueCount: number; dueSoonText: string;
  bills: DebtBill[];
  repayments: { amountText: string; note: string | null; createdAt: number }[];
}

export const debtOf = () => http.get<Debt>('/api/business/Debt');
