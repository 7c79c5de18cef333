import { createContext, useContext } from 'react';
import type { RefNames } from '../../runtime/kinds';
import type { CompiledDictionaryPage, CompiledPortalPage, CompiledReportPage, CompiledResourcePage } from '../../runtime/model/pages';

/** Permission entry of one page (spec platform 3): the model id and its column, form and button codes. */
export interface PermissionEntry {
  modelId: string;
  button?: { enCode: string; fullName?: string }[];
  column?: { enCode: string; fullName?: string }[];
  form?: { enCode: string; fullName?: string }[];
}

export interface ListQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
  sidx: string;
  sort: 'asc' | 'desc';
  [search: string]: unknown;
}

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export type RecordRow = Record<string, unknown> & { id?: string | number };

/** A page of records: stored values, and the names (users, organisations …) they reference. */
export type RecordPage = Paged<RecordRow> & { refs?: RefNames };

/** One stored record and the names its values reference. */
export interface RecordReply {
  record: RecordRow;
  refs: RefNames;
}

export interface DictionaryEntry {
  id: string;
  parentId?: string | null;
  fullName: string;
  enCode?: string;
  sortCode?: number;
  enabledMark?: number;
  hasChildren?: boolean;
  children?: DictionaryEntry[] | null;
  [extra: string]: unknown;
}

/**
 * How a call reports a refusal. `silent`: the caller shows it where it belongs (a missing
 * option source is a quiet note on its field), so the shell shows no message of its own.
 */
export interface CallOptions {
  silent?: boolean;
  /** A multipart body (uploads), sent as it is. */
  formData?: FormData;
}

/**
 * Everything renderers read from or write to the server. Components never call fetch:
 * hooks reach this through context. The shell supplies one backed by its API client
 * (createHttpDataProvider); tests supply an in-memory double that throws on anything unset.
 */
/** What the caller holds on a model's page (all = administrator). */
export interface Granted {
  all: boolean;
  button: string[];
  column: string[];
  form: string[];
}

/**
 * A model's released definition as the server sends it (formData and columnData as the
 * designer saved them, without what the caller may not see); the page compiles it with the
 * same pure compiler the server validates with.
 */
export interface ModelDefinition {
  id: string;
  fullName: string;
  enCode: string;
  formData: string;
  columnData: string | null;
  granted?: Granted;
}

export interface DataProvider {
  getModelConfig(modelId: string): Promise<ModelDefinition>;
  listRecords(modelId: string, query: ListQuery): Promise<RecordPage>;
  /** A stored record (edit form, inline edit, detail viewer: values are formatted where they are shown). */
  getRecord(modelId: string, id: string): Promise<RecordReply>;
  createRecord(modelId: string, data: Record<string, unknown>): Promise<unknown>;
  updateRecord(modelId: string, id: string, data: Record<string, unknown>): Promise<unknown>;
  deleteRecord(modelId: string, id: string): Promise<unknown>;
  batchDelete(modelId: string, ids: string[]): Promise<unknown>;
  exportRecords(modelId: string, query: Record<string, unknown>): Promise<{ url: string }>;
  dictionary(typeId: string, isTree: boolean, options?: CallOptions): Promise<DictionaryEntry[]>;
  dataInterface(id: string, paramList: unknown[], options?: CallOptions): Promise<unknown>;
  /** Compiled dictionary page (menu type 4): which category it lists, and whether as a tree. */
  getDictionaryPage(id: string): Promise<CompiledDictionaryPage>;
  /** Compiled report page (menu type 5). */
  getReport(id: string): Promise<CompiledReportPage>;
  /** Compiled portal page (menu type 8). */
  getPortal(id: string): Promise<CompiledPortalPage>;
  /** Admin resource page (schemas/admin; a menu type 2 entry with a moduleId). */
  getResourcePage(id: string): Promise<CompiledResourcePage>;
  /** One call of an admin resource page's REST resource: query parameters for GET and DELETE, else the body. */
  resourceCall(method: ResourceMethod, url: string, data?: Record<string, unknown>): Promise<unknown>;
  /** An upload to an admin resource (multipart field `file`): imports. */
  resourceUpload?(url: string, file: Blob, name: string): Promise<unknown>;
  /** Popup select: a page of a data interface's rows (keyword over relationField and columnOptions, paramList). */
  interfaceList?(id: string, body: InterfaceListBody): Promise<Paged<RecordRow>>;
  /** Popup select: the rows whose propsValue is one of ids (the display text of stored values). */
  interfaceByIds?(id: string, body: { ids: string[]; propsValue: string; relationField: string; paramList: unknown[] }): Promise<RecordRow[]>;
  /** Related form: a page of the other model's records, through this model's field. */
  relationList?(modelId: string, field: string, body: { keyword: string; currentPage: number; pageSize: number }): Promise<Paged<RecordRow>>;
  /** Related form: the chosen records by id (one request for a list page). */
  relationByIds?(modelId: string, field: string, ids: string[]): Promise<RecordRow[]>;
  /** Uploaded files (server/modules/file/uploads): chunked upload, single upload, signed addresses. */
  files?: FilesApi;
  /**
   * True where lists are searched through one `keyword` parameter (admin resource pages: their
   * REST calls take `keyword`, not a value per field): a keyword field is then the keyword box
   * only, without an input of its own that would search nothing.
   */
  readonly keywordSearchOnly?: boolean;
}

/** What an upload widget stores per file (spec widgets 3 "Uploaded file"). */
export interface StoredFile {
  name: string;
  fileId: string;
  url: string;
  fileSize?: number;
  fileExtension?: string;
  fileVersionId?: string;
}

/** The record a file was seen in. */
export interface FileRef {
  modelId: string;
  recordId: string;
}

export interface FilesApi {
  /** The test call: which chunks (from 1) the server holds for this MD5. */
  testChunks(query: { identifier: string; fileName: string; totalSize: number; accept?: string }): Promise<{ uploaded: boolean; chunkNumbers: number[]; merge: boolean }>;
  /** One chunk; the form carries identifier, chunkNumber, totalSize, fileName, accept, file. */
  sendChunk(form: FormData): Promise<unknown>;
  merge(body: { identifier: string; fileName: string; fileSize: number; accept?: string }): Promise<StoredFile>;
  /** A whole file in one request (images: 'annexpic'). */
  uploadSingle(type: 'annex' | 'annexpic', file: Blob, name: string): Promise<StoredFile>;
  /** A signed address that downloads the file (attachment); ref: the record it was seen in (readers of it may read the file). */
  downloadAddress(fileId: string, ref?: FileRef): Promise<{ name: string; url: string }>;
  /** A signed address that shows the file in the browser (inline). */
  previewAddress(fileId: string, ref?: FileRef): Promise<string>;
  packDownload(list: { fileId: string; fileName?: string }[], downloadName?: string, ref?: FileRef): Promise<{ downloadVo: { url: string }; downloadName: string }>;
}

export type ResourceMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface InterfaceListBody {
  keyword: string;
  currentPage: number;
  pageSize: number;
  propsValue: string;
  relationField: string;
  /** Comma-joined fields the keyword searches (spec 7). */
  columnOptions: string;
  paramList: unknown[];
}

export const DataProviderContext = createContext<DataProvider | null>(null);

export function useDataProvider(): DataProvider {
  const provider = useContext(DataProviderContext);
  if (!provider) throw new Error('Renderers need a DataProvider: wrap them in <RenderersProvider data={…}>');
  return provider;
}

/**
 * A provider made of some methods; calling any other throws, naming the method. Tests use it
 * as a strict double (a call they did not expect fails loudly); the public short-link page
 * uses it because an anonymous visitor may reach only a few calls.
 */
export function createPartialDataProvider(methods: Partial<DataProvider>): DataProvider {
  return new Proxy(methods as DataProvider, {
    get(target, name: string) {
      const method = (target as unknown as Record<string, unknown>)[name];
      if (method) return method;
      return () => {
        throw new Error(`DataProvider.${name} was called but the test did not set it up`);
      };
    },
  });
}

/** The transport the HTTP provider needs: the shell's `http` wrapper fits it as it is. */
export interface HttpLike {
  get<T>(url: string, data?: Record<string, unknown> | null, options?: CallOptions): Promise<T>;
  post<T>(url: string, data?: Record<string, unknown> | unknown[] | null, options?: CallOptions): Promise<T>;
  put<T>(url: string, data?: Record<string, unknown> | null): Promise<T>;
  delete<T>(url: string, data?: Record<string, unknown> | null): Promise<T>;
}

const VISUALDEV = '/api/visualdev';
const ONLINE = `${VISUALDEV}/OnlineDev`;
const enc = encodeURIComponent;

/** Server-backed provider over the shell's API client (`http` of src/app/api/client.ts). */
export function createHttpDataProvider(http: HttpLike): DataProvider {
  return {
    getModelConfig: (modelId) => http.get<ModelDefinition>(`${ONLINE}/${enc(modelId)}/Config`),
    listRecords: (modelId, query) => http.post<RecordPage>(`${ONLINE}/${enc(modelId)}/List`, query),
    getRecord: (modelId, id) => http.get<RecordRow & { refs?: RefNames }>(`${ONLINE}/${enc(modelId)}/${enc(id)}`).then((reply) => ({ record: unwrapRecord(reply), refs: reply?.refs ?? {} })),
    createRecord: (modelId, data) => http.post(`${ONLINE}/${enc(modelId)}`, { data }),
    updateRecord: (modelId, id, data) => http.put(`${ONLINE}/${enc(modelId)}/${enc(id)}`, { data }),
    deleteRecord: (modelId, id) => http.delete(`${ONLINE}/${enc(modelId)}/${enc(id)}`),
    batchDelete: (modelId, ids) => http.post(`${ONLINE}/batchDelete/${enc(modelId)}`, { ids }),
    exportRecords: (modelId, query) => http.post<{ url: string }>(`${ONLINE}/${enc(modelId)}/Actions/Export`, query),
    dictionary: (typeId, isTree, options) =>
      http.get<{ list: DictionaryEntry[] }>(`/api/system/DictionaryData/${enc(typeId)}`, { isTree: isTree ? 1 : 0 }, options).then((r) => r?.list ?? []),
    dataInterface: (id, paramList, options) => http.post(`/api/system/DataInterface/${enc(id)}/Actions/Preview`, { paramList }, options),
    interfaceList: (id, body) => http.post<Paged<RecordRow>>(`/api/system/DataInterface/${enc(id)}/Action/List`, { ...body }),
    interfaceByIds: (id, body) => http.post<RecordRow[]>(`/api/system/DataInterface/${enc(id)}/Action/InfoByIds`, { ...body }, { silent: true }),
    relationList: (modelId, field, body) => http.post<Paged<RecordRow>>(`${ONLINE}/${enc(modelId)}/Relation/${enc(field)}/List`, { ...body }),
    relationByIds: (modelId, field, ids) => http.post<RecordRow[]>(`${ONLINE}/${enc(modelId)}/Relation/${enc(field)}/InfoByIds`, { ids }, { silent: true }),
    getDictionaryPage: (id) => http.get<CompiledDictionaryPage>(`${VISUALDEV}/Dictionary/${enc(id)}`),
    getReport: (id) => http.get<CompiledReportPage>(`${VISUALDEV}/Report/${enc(id)}`),
    getPortal: (id) => http.get<CompiledPortalPage>(`${VISUALDEV}/Portal/${enc(id)}`),
    getResourcePage: (id) => http.get<CompiledResourcePage>(`${VISUALDEV}/Resource/${enc(id)}`),
    resourceCall: (method, url, data) => {
      if (method === 'GET') return http.get(url, data);
      if (method === 'DELETE') return http.delete(url, data);
      return method === 'POST' ? http.post(url, data ?? {}) : http.put(url, data ?? {});
    },
    files: {
      testChunks: (query) => http.get(`/api/file/chunk`, { ...query }, { silent: true }),
      sendChunk: (form) => http.post(`/api/file/chunk`, null, { formData: form, silent: true }),
      merge: (body) => http.post<StoredFile>(`/api/file/merge`, { ...body }, { silent: true }),
      uploadSingle: (type, file, name) => {
        const form = new FormData();
        form.append('file', file, name);
        return http.post<StoredFile>(`/api/file/Uploader/${type}`, null, { formData: form, silent: true });
      },
      downloadAddress: (fileId, ref) => http.get(`/api/file/Download/annex/${enc(fileId)}`, ref ? { ...ref } : null, { silent: true }),
      previewAddress: (fileId, ref) => http.get<string>(`/api/file/Uploader/Preview`, { fileId, ...ref }, { silent: true }),
      packDownload: (list, downloadName, ref) => http.post(`/api/file/PackDownload/annex`, { list, downloadName, ...ref }),
    },
    resourceUpload: (url, file, name) => {
      const form = new FormData();
      form.append('file', file, name);
      return http.post(url, null, { formData: form });
    },
  };
}

/** Record replies carry either the fields themselves or `{ id, data: '<json>' }` (spec widgets 3 "Record"). */
export function unwrapRecord(reply: RecordRow): RecordRow {
  if (reply && typeof reply.data === 'string') {
    try {
      return { id: reply.id, ...(JSON.parse(reply.data) as Record<string, unknown>) };
    } catch {
      return reply;
    }
  }
  if (reply && reply.data && typeof reply.data === 'object' && !Array.isArray(reply.data)) return { id: reply.id, ...(reply.data as Record<string, unknown>) };
  return reply;
}

/** Data-interface previews answer with rows, or `{ list }`, or `{ data }`: always give rows. */
export function rowsOf(reply: unknown): Record<string, unknown>[] {
  if (Array.isArray(reply)) return reply as Record<string, unknown>[];
  if (reply && typeof reply === 'object') {
    const r = reply as Record<string, unknown>;
    if (Array.isArray(r.list)) return r.list as Record<string, unknown>[];
    if (Array.isArray(r.data)) return r.data as Record<string, unknown>[];
  }
  return [];
}
