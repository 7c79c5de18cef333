/** System data every page may read (/api/system, spec 7.10). */
import { http } from './client';

export interface DictionaryOption {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  children?: DictionaryOption[];
}

export interface DictionaryCategory {
  id: string;
  fullName: string;
  enCode: string;
  isTree: number;
  dictionaryList: DictionaryOption[];
}

/** Every category with its enabled entries (GET DictionaryData/All): the client's dictionary cache. */
export const getAllDictionaries = () => http.get<{ list: DictionaryCategory[] }>('/api/system/DictionaryData/All').then((r) => r.list);
