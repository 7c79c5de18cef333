import { defineMessages } from '../define';

/** Orders, invoices (issue 15 items 4 and 8). */
export const ordersMessages = defineMessages({
  'zh-CN': {
    'orders.title': '订单',
  },
  'zh-TW': {
    'orders.title': '訂單',
  },
  en: {
    'orders.title': 'Orders',
  },
});
