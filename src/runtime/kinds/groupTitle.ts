import { displayKind } from './shared/families';

/** 分组标题: a heading between groups of fields. */
export const groupTitle = displayKind('display');
