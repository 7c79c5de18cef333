import { popupSelect } from './popupSelect';

/** 下拉表格: the popup select's rows in a table dropping down under the input (700 × 300); same value and checks. */
export const popupTableSelect = { ...popupSelect };
