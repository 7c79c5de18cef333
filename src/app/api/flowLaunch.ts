/** Starting flows, my flows and entrusts (issue 16 items 2, 3; docs/FLOWS.md "Starting a flow", "Entrusts"). */
import { http } from './client';
import type { RawFlowNode } from '../../runtime/flow';

const BASE = '/api/workflow/Engine';
const enc = encodeURIComponent;

export interface FlowSummary { id: string; enCode: string; fullName: string; category: string | null }
export interface FlowLaunchInfo { id: string; fullName: string; category: string | null; modelId: string | null; template: RawFlowNode; fields: { id: string; name: string }[] }
export interface StartFlowBody { flowId: string; flowTitle?: string; flowUrgent: number; formData: Record<string, unknown>; candidates?: Record<string, string[]> }
export interface LaunchedFlow { id: string; flowName: string; title: string; urgent: number; status: number; thisStep: string | null; createdAt: number; completedAt: number | null }
export interface Paged<T> { list: T[]; pagination: { currentPage: number; pageSize: number; total: number } }

export const listFlows = () => http.get<FlowSummary[]>(`${BASE}/FlowEngine/ListAll`);
export const flowLaunchInfo = (id: string) => http.get<FlowLaunchInfo>(`${BASE}/FlowEngine/${enc(id)}/Launch`);
export const startFlowTask = (body: StartFlowBody) => http.post<{ id: string; status: number }>(`${BASE}/FlowTask`, body as unknown as Record<string, unknown>);
export const myLaunchedFlows = (keyword: string, currentPage: number, pageSize: number) =>
  http.get<Paged<LaunchedFlow>>(`${BASE}/FlowLaunch/List`, { ...(keyword ? { keyword } : {}), currentPage, pageSize });
export const withdrawFlow = (taskId: string) => http.post<null>(`${BASE}/FlowLaunch/Withdraw/${enc(taskId)}`);

/** 1: the entrusts I made; 2: those made to me. */
export type EntrustType = 1 | 2;
export interface Entrust {
  id: string; userId: string; userName: string; toUserId: string; toUserName: string;
  /** null: every flow */
  engineIds: string[] | null; flowNames: string[];
  startTime: number; endTime: number; description: string | null; createdAt: number;
}
export interface EntrustBody { toUserId: string; engineIds: string[] | null; startTime: number; endTime: number; description: string | null }

export const listEntrusts = (type: EntrustType, keyword: string, currentPage: number, pageSize: number) =>
  http.get<Paged<Entrust>>(`${BASE}/FlowDelegate`, { type: String(type), ...(keyword ? { keyword } : {}), currentPage, pageSize });
export const createEntrust = (body: EntrustBody) => http.post<{ id: string }>(`${BASE}/FlowDelegate`, body as unknown as Record<string, unknown>);
export const updateEntrust = (id: string, body: EntrustBody) => http.put<null>(`${BASE}/FlowDelegate/${enc(id)}`, body as unknown as Record<string, unknown>);
export const deleteEntrust = (id: string) => http.delete<null>(`${BASE}/FlowDelegate/${enc(id)}`);
