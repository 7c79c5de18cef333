/** Dictionary management calls (/api/system/DictionaryType, /DictionaryData; spec 7.10): the dictionary screen's. */
import type { Translations } from '../../runtime/i18n/texts';
import { http, request } from './client';

const TYPE = '/api/system/DictionaryType';
const DATA = '/api/system/DictionaryData';
const enc = encodeURIComponent;

/** A category as the tree answers it: the name in the caller's language. */
export interface CategoryNode {
  id: string;
  parentId: string;
  fullName: string;
  fullName_i18n: Translations | null;
  enCode: string;
  isTree: number;
  sortCode: number;
  description: string | null;
  hasChildren?: boolean;
  children?: CategoryNode[];
}

/** An entry of a category: a tree when the category is one. */
export interface EntryNode {
  id: string;
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  fullName_i18n: Translations | null;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  hasChildren?: boolean;
  children?: EntryNode[];
}

/** A node of a parent picker (category tree under '-1', or a category over its entries). */
export interface PickerNode {
  id: string;
  fullName: string;
  children?: PickerNode[];
}

export interface CategoryBody {
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number;
  description: string;
}

export interface EntryBody {
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  enabledMark: number;
  sortCode: number;
  description: string;
}

/** Write calls answer the server's message (shown for 1.5 s, spec 8). */
type Saved = Promise<string>;
const msgOf = (reply: { msg: string }) => reply.msg;

export const listCategories = () => http.get<{ list: CategoryNode[] }>(TYPE).then((r) => r.list);
export const getCategory = (id: string) => http.get<CategoryNode>(`${TYPE}/${enc(id)}`);
/** The parent picker: a top node '-1' over the tree, without `exceptId` and its descendants ('0' keeps all). */
export const categoryParents = (exceptId: string) => http.get<{ list: PickerNode[] }>(`${TYPE}/Selector/${enc(exceptId)}`).then((r) => r.list);

export const listEntries = (typeId: string, keyword: string) => http.get<{ list: EntryNode[] }>(`${DATA}/${enc(typeId)}`, { keyword: keyword || undefined, isTree: 1 }).then((r) => r.list);
export const getEntry = (id: string) => http.get<EntryNode>(`${DATA}/${enc(id)}/Info`);
/** The entry parent picker: the category as top node over its entries, without `exceptId` and its descendants. */
export const entryParents = (typeId: string, exceptId: string) => http.get<{ list: PickerNode[] }>(`${DATA}/${enc(typeId)}/Selector/${enc(exceptId)}`, { isTree: 1 }).then((r) => r.list);

export const saveCategory = (id: string | null, body: CategoryBody): Saved =>
  request({ url: id ? `${TYPE}/${enc(id)}` : TYPE, method: id ? 'PUT' : 'POST', data: { ...body } }).then(msgOf);
export const deleteCategory = (id: string): Saved => request({ url: `${TYPE}/${enc(id)}`, method: 'DELETE' }).then(msgOf);
export const saveEntry = (id: string | null, body: EntryBody): Saved =>
  request({ url: id ? `${DATA}/${enc(id)}` : DATA, method: id ? 'PUT' : 'POST', data: { ...body } }).then(msgOf);
export const deleteEntry = (id: string): Saved => request({ url: `${DATA}/${enc(id)}`, method: 'DELETE' }).then(msgOf);

/** The export link of a category: a path the browser downloads without the bearer header, for five minutes. */
export const exportCategory = (id: string) => http.get<{ url: string; name: string }>(`${TYPE}/${enc(id)}/Action/Export`);
/** Imports an exported category file (a category with the same code is refused). */
export const importCategory = (file: File): Saved => {
  const form = new FormData();
  form.append('file', file);
  return request({ url: `${TYPE}/Action/Import`, method: 'POST', formData: form }).then(msgOf);
};
