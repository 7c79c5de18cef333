import { defineMessages } from '../define';

/** Goods, warehouses, prices, price alerts and inventory (issue 15 items 1 and 6). */
export const goodsMessages = defineMessages({
  'zh-CN': {
    'goods.title': '商品与价格',
  },
  'zh-TW': {
    'goods.title': '商品與價格',
  },
  en: {
    'goods.title': 'Goods and prices',
  },
});
