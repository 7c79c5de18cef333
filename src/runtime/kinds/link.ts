import { displayKind } from './shared/families';

/** 链接: a link (same window: /externalLink; _blank: a new window). */
export const link = displayKind('display');
