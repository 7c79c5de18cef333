import { displayKind } from './shared/families';

/** 按钮: a button (no action is run: descriptors carry no code). */
export const button = displayKind('display');
