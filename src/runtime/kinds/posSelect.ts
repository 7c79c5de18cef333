import { pickerKind } from './shared/families';

/** 岗位选择: a position, or several. */
export const posSelect = pickerKind('position');
