import { defineMessages } from '../define';

/** Goods awaiting pickup, pickups, outbound orders, transfers and settlement (issue 15 items 5 and 7). */
export const pickupMessages = defineMessages({
  'zh-CN': {
    'pickup.title': '提货',
  },
  'zh-TW': {
    'pickup.title': '提貨',
  },
  en: {
    'pickup.title': 'Pickups',
  },
});
