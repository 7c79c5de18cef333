import { defineMessages } from '../define';

/** The capital pool and the credit line of the ordering front end (issue 15 items 2-3). */
export const fundsMessages = defineMessages({
  'zh-CN': {
    'funds.badAmount': '金额必须为大于0、最多两位小数的数字',
    'funds.insufficient': '资金池可用余额不足',
    'funds.notFrozen': '冻结金额不足，无法释放或扣款',
    'funds.creditExceeded': '信用额度不足',
    'funds.creditNotUsed': '已用信用额度不足，无法释放或还款',
    'funds.limitBelowUsed': '信用额度不能低于已用额度',
    'funds.noAccount': '客户组织不存在',
    'funds.notYours': '只能查看本组织的资金',
    'funds.deposited': '入金已登记',
    'funds.limitSet': '信用额度已设置',
    'funds.repaid': '还款已登记',
  },
  'zh-TW': {
    'funds.badAmount': '金額必須為大於0、最多兩位小數的數字',
    'funds.insufficient': '資金池可用餘額不足',
    'funds.notFrozen': '凍結金額不足，無法釋放或扣款',
    'funds.creditExceeded': '信用額度不足',
    'funds.creditNotUsed': '已用信用額度不足，無法釋放或還款',
    'funds.limitBelowUsed': '信用額度不能低於已用額度',
    'funds.noAccount': '客戶組織不存在',
    'funds.notYours': '只能檢視本組織的資金',
    'funds.deposited': '入金已登記',
    'funds.limitSet': '信用額度已設定',
    'funds.repaid': '還款已登記',
  },
  en: {
    'funds.badAmount': 'The amount must be a number above 0 with at most two decimals',
    'funds.insufficient': 'The capital pool does not have enough available balance',
    'funds.notFrozen': 'Not enough frozen funds to release or deduct',
    'funds.creditExceeded': 'Not enough credit left',
    'funds.creditNotUsed': 'Not enough credit used to release or repay',
    'funds.limitBelowUsed': 'The credit limit cannot be below the credit used',
    'funds.noAccount': 'The customer organisation does not exist',
    'funds.notYours': 'You can only see your own organisation\'s funds',
    'funds.deposited': 'Deposit recorded',
    'funds.limitSet': 'Credit limit set',
    'funds.repaid': 'Repayment recorded',
  },
});
