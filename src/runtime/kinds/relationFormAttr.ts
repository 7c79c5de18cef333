import { displayKind } from './shared/families';

/** 关联表单属性: shows a field of the record a relationForm field points at. */
export const relationFormAttr = displayKind('widget');
