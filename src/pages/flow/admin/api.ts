/** The engine administration's calls (/api/workflow/Engine/FlowEngine; docs/FLOWS.md "Flow definitions"). */
import { http } from '../../../app/api/client';
import type { RawFlowNode } from '../../../runtime/flow';

export interface EngineItem {
  id: string; enCode: string; fullName: string; category: string | null; modelId: string | null; description: string | null;
  version: number; sortCode: number; enabledMark: number; createdAt: number; updatedAt: number | null; tasks: number;
}
export interface EngineDetail { engine: EngineItem; template: RawFlowNode; versions: { version: number; createdAt: number; createdBy: string | null; tasks: number }[] }
export interface EngineMeta { fullName: string; enCode: string; category: string | null; modelId: string | null; description: string | null; sortCode: number }
export interface ModelNode { id: string; fullName: string; children?: ModelNode[] }

const BASE = '/api/workflow/Engine/FlowEngine';
const enc = encodeURIComponent;

export const listEngines = (query: { currentPage: number; pageSize: number; keyword?: string; category?: string }) =>
  http.get<{ list: EngineItem[]; pagination: { total: number } }>(BASE, { ...query });
export const engineCategories = () => http.get<string[]>(`${BASE}/Categories`);
export const getEngine = (id: string) => http.get<EngineDetail>(`${BASE}/${enc(id)}`);
export const getVersion = (id: string, version: number) => http.get<{ version: number; template: RawFlowNode }>(`${BASE}/${enc(id)}/Versions/${version}`);
export const createEngine = (meta: EngineMeta, template: unknown) => http.post<{ id: string }>(BASE, { ...meta, template });
export const updateEngine = (id: string, meta: EngineMeta) => http.put<null>(`${BASE}/${enc(id)}`, { ...meta });
export const saveVersion = (id: string, template: unknown) => http.post<{ version: number }>(`${BASE}/${enc(id)}/Versions`, { template });
export const setEnabled = (id: string, enabledMark: 0 | 1) => http.put<null>(`${BASE}/${enc(id)}/Actions/State`, { enabledMark });
export const deleteEngine = (id: string) => http.delete<null>(`${BASE}/${enc(id)}`);
export function importEngine(file: File, fields: { fullName?: string; enCode?: string; category?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v?.trim()) form.append(k, v.trim());
  form.append('file', file, file.name);
  return http.post<{ id: string; enCode: string; fullName: string }>(`${BASE}/Actions/Import`, null, { formData: form });
}
/** Released models a flow may fill (the print templates' model picker uses the same list). */
export const releasedModels = () => http.get<{ list: ModelNode[] }>('/api/visualdev/Base/Selector').then((r) => r.list.flatMap(function flat(n: ModelNode): ModelNode[] {
  return n.children?.length ? n.children.flatMap(flat) : [n];
}));
