import { displayKind } from './shared/families';

/** Iframe: an embedded page (http(s) or this site). */
export const iframe = displayKind('display');
