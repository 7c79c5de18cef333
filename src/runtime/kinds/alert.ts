import { displayKind } from './shared/families';

/** 提示: an alert box. */
export const alert = displayKind('display');
