export { changeStock, stockMismatches, amountOf, type StockChange } from './stock';
