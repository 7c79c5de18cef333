import { displayKind } from './shared/families';

/** 条形码: a barcode (code128 by default) of static text or a field's value. */
export const barcode = displayKind('widget');
