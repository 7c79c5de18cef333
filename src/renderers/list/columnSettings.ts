import type { CompiledColumn } from '../../runtime/model/compiled';

/** Local storage keys carry the product prefix (spec platform 3 "Settings"). */
export const STORAGE_PREFIX = 'scp_';

export interface ColumnSetting {
  prop: string;
  visible: boolean;
}

export function columnSettingsKey(menuId: string): string {
  return `${STORAGE_PREFIX}columns_${menuId}`;
}

export function loadColumnSettings(menuId: string, storage: Pick<Storage, 'getItem'> | null = globalStorage()): ColumnSetting[] | null {
  try {
    const raw = storage?.getItem(columnSettingsKey(menuId));
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    return Array.isArray(parsed) ? (parsed as ColumnSetting[]).filter((s) => typeof s?.prop === 'string') : null;
  } catch {
    return null;
  }
}

export function saveColumnSettings(menuId: string, settings: ColumnSetting[], storage: Pick<Storage, 'setItem'> | null = globalStorage()): void {
  try {
    storage?.setItem(columnSettingsKey(menuId), JSON.stringify(settings));
  } catch {
    /* storage full or unavailable: settings last for this view only */
  }
}

/** Columns in the saved order and visibility; columns the settings do not know keep their place at the end. */
export function applyColumnSettings(columns: CompiledColumn[], settings: ColumnSetting[] | null): { column: CompiledColumn; visible: boolean }[] {
  if (!settings) return columns.map((column) => ({ column, visible: true }));
  const byProp = new Map(columns.map((c) => [c.prop, c]));
  const out: { column: CompiledColumn; visible: boolean }[] = [];
  for (const s of settings) {
    const column = byProp.get(s.prop);
    if (!column) continue;
    out.push({ column, visible: s.visible });
    byProp.delete(s.prop);
  }
  for (const column of byProp.values()) out.push({ column, visible: true });
  return out;
}

function globalStorage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}
