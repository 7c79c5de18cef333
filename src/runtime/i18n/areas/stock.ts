import { defineMessages } from '../define';

/** Stock of the ordering front end (issue 15 item 6): refusals of a stock change. */
export const stockMessages = defineMessages({
  'zh-CN': {
    'stock.badWeight': '重量必须为非零整数千克',
    'stock.insufficient': '库存不足',
  },
  'zh-TW': {
    'stock.badWeight': '重量必須為非零整數公斤',
    'stock.insufficient': '庫存不足',
  },
  en: {
    'stock.badWeight': 'The weight must be a whole, non-zero number of kilograms',
    'stock.insufficient': 'Not enough stock',
  },
});
