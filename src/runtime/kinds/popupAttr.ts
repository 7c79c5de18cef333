import { displayKind } from './shared/families';

/** 弹窗选择属性: shows a field of the row a popupSelect field chose. */
export const popupAttr = displayKind('widget');
