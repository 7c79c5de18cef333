import { pickerKind } from './shared/families';

/** 部门选择: a department (organisation id), or several. */
export const depSelect = pickerKind('organize');
