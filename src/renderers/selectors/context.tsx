import { createContext, useContext, type ComponentType } from 'react';

/**
 * What the selectors need from the shell and cannot import themselves (renderers must not import
 * src/pages): the hand-written dictionary management screen, and whether the signed-in user may
 * manage dictionaries. Without a provider (tests, the public short-link page) no add button shows.
 */
export interface SelectorsHost {
  /** Dictionary management with a category chosen (by id or enCode). */
  DictionaryManager: ComponentType<{ category: string }> | null;
  canManageDictionary: boolean;
  /** A function preview (online development): printing is refused with 功能预览不支持打印 (widgets spec 5). */
  previewMode?: boolean;
  /** The location field's map tiles (system configuration mapTileUrl, an in-site {z}/{x}/{y} template); absent: no map. */
  mapTileUrl?: string;
}

export const SelectorsContext = createContext<SelectorsHost>({ DictionaryManager: null, canManageDictionary: false });

export function useSelectorsHost(): SelectorsHost {
  return useContext(SelectorsContext);
}
