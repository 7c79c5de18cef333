import { arrayValue } from './shared/define';
import { pickerKind } from './shared/families';

/** 省市区域: area paths (province / city / district ids), shown as names joined by '/'. */
export const areaSelect = pickerKind('area', { aliases: ['address'], value: () => arrayValue(), defaultValue: [], doc: 'array (an id path; a list of paths when multiple)', paths: true });
