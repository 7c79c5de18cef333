import { pickValue } from './shared/define';
import { textKind } from './shared/families';

/** 弹窗选择: a row of a data interface or of another model, chosen in a dialog; stores its value (the display name beside it under <field>_id / <field>). */
export const popupSelect = textKind({ value: pickValue, defaultValue: '', doc: 'id; array when multiple' });
