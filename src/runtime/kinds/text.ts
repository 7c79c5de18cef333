import { displayKind } from './shared/families';

/** 文本: static text (props.content; version 3 JNPFText: the default value). */
export const text = displayKind('display', ['JNPFText']);
