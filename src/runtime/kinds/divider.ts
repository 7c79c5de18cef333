import { displayKind } from './shared/families';

/** 分割线: a divider with optional text. */
export const divider = displayKind('display');
