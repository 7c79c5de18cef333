/**
 * Compiled dictionary, report and portal pages (menu types 4, 5, 8): what renderers read.
 * Plain JSON like CompiledModel.
 */
export interface CompiledDictionaryPage {
  id: string;
  fullName: string;
  /** Dictionary type enCode or id; the page lists its entries. */
  dictionaryType: string;
  isTree: boolean;
}

export interface CompiledReportColumn {
  prop: string;
  label: string;
  align: 'left' | 'center' | 'right';
  width: number | null;
  format: 'integer' | 'decimal2' | 'percent' | 'money' | null;
}

export interface CompiledReportParam {
  field: string;
  label: string;
  kind: 'input' | 'select' | 'datePicker' | 'dateRange';
  defaultValue: unknown;
  options: { label: string; value: string | number }[];
}

export interface CompiledChart {
  type: 'bar' | 'line' | 'pie';
  x: string;
  /** One series per entry. */
  y: string[];
  title: string | null;
}

export interface CompiledReportPage {
  id: string;
  fullName: string;
  interfaceId: string;
  columns: CompiledReportColumn[];
  chart: CompiledChart | null;
  params: CompiledReportParam[];
}

export interface CompiledPortalCard {
  /** Stable id: `card-<index>`. */
  id: string;
  kind: 'number' | 'chart' | 'list' | 'shortcut' | 'notice';
  x: number;
  y: number;
  w: number;
  h: number;
  title: string;
  interfaceId: string | null;
  field: string | null;
  unit: string | null;
  chart: CompiledChart | null;
  columns: CompiledReportColumn[];
  links: { label: string; to: string; icon: string | null }[];
  limit: number;
}

export interface CompiledPortalPage {
  id: string;
  fullName: string;
  /** Cards sorted by row then column. */
  cards: CompiledPortalCard[];
}
