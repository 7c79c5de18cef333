import { displayKind } from './shared/families';

/** 二维码: a QR code of static text, a field's value or the record's link. */
export const qrcode = displayKind('widget');
