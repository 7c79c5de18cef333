/** The print-template editor's calls (/api/system/printDev, spec 7.14). */
import { http } from '../../../app/api/client';
import type { PrintPage, PrintRecord } from '../../../runtime/print-template';

export interface TemplateValues {
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  formId: string;
  templateHtml: string;
  paperSize: PrintPage['paperSize'];
  orientation: PrintPage['orientation'];
  margins: PrintPage['margins'];
  sortCode: number;
  enabledMark: number;
  description: string;
}
export interface PrintField { field: string; label: string; kind: string }
export interface PrintTable { table: string; label: string; columns: PrintField[] }
export interface ModelNode { id: string; fullName: string; children?: ModelNode[] }
export interface Option { id: string; fullName: string; enCode: string }

const BASE = '/api/system/printDev';
const enc = encodeURIComponent;

export const getTemplate = (id: string) => http.get<TemplateValues & { id: string; description: string | null }>(`${BASE}/${enc(id)}`);
export const createTemplate = (values: TemplateValues) => http.post<{ id: string }>(BASE, { ...values });
export const updateTemplate = (id: string, values: TemplateValues) => http.put<null>(`${BASE}/${enc(id)}`, { ...values });
export const copyTemplate = (id: string) => http.post<{ id: string }>(`${BASE}/${enc(id)}/Actions/Copy`);
export const exportTemplate = (id: string) => http.get<{ url: string; name: string }>(`${BASE}/${enc(id)}/Actions/Export`);
export const modelFields = (formId: string) => http.post<{ fields: PrintField[]; tables: PrintTable[] }>(`${BASE}/Fields`, { formId });
/** The newest record of the model the user may read, as printed (null: none). Silent: without access to the records the preview uses sample values. */
export const sampleRecord = (formId: string) => http.get<{ recordId: string | null; record: PrintRecord | null }>(`${BASE}/Data`, { formId }, { silent: true });
export const releasedModels = () => http.get<{ list: ModelNode[] }>('/api/visualdev/Base/Selector').then((r) => r.list);
export const categories = () => http.get<{ list: Option[] }>('/api/system/DictionaryData/businessType/Data/Selector').then((r) => r.list);
