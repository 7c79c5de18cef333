import type { RawFlowNode } from '../../runtime/flow';
/**
 * The approval flows' calls (issue 16; docs/FLOWS.md): the to-do, done and copied-to lists, one
 * flow's detail, and the approver's, initiator's and supervisor's actions. Actions are `silent`:
 * the detail page shows the server's refusal inside the dialog that sent it.
 */
import { http } from './client';

/** 1 to-do, 2 done, 3 copied to me. */
export type FlowListCategory = 1 | 2 | 3;

export interface FlowTaskItem {
  /** The to-do's (operator's) or copy's id. */
  id: string;
  taskId: string;
  flowName: string;
  title: string;
  /** 1 normal, 2 important, 3 urgent. */
  urgent: number;
  /** 1 wait, 2 adopt, 3 reject, 4 revoke, 5 cancel. */
  status: number;
  thisStep: string | null;
  creatorUserId: string;
  creatorName: string;
  createdAt: number;
  delegatedFrom: string | null;
}

export interface FlowPage<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export interface FlowFieldRight {
  id: string;
  name?: string;
  read?: boolean;
  write?: boolean;
}

export interface FlowRecord {
  id: string;
  nodeId: string;
  nodeName: string;
  userId: string;
  userName: string;
  handleStatus: number;
  opinion: string | null;
  /** the signature image (a data URL) the person signed this step with, if they signed */
  signImg: string | null;
  createdAt: number;
}

export interface FlowWaiting {
  operatorId: string;
  nodeId: string;
  nodeName: string;
  userId: string;
  userName: string;
  delegatedFrom: string | null;
}

export interface FlowDetail {
  task: { id: string; title: string; urgent: number; status: number; thisStep: string | null; creatorUserId: string; createdAt: number; completedAt: number | null };
  flow: { id: string; enCode: string; fullName: string; modelId: string | null; nodes: { id: string; type: string; title: string; content: string }[]; active: string[]; version: number; template: RawFlowNode; completed: string[] };
  formData: Record<string, unknown>;
  records: FlowRecord[];
  todo: null | {
    operatorId: string;
    nodeId: string;
    nodeName: string;
    formOperates: FlowFieldRight[];
    returnTargets: { targets: string[]; fallback: string };
  };
  /** Present once the supervisor's actions are served: whether I may terminate, assign and change approvers. */
  mayManage?: boolean;
  /** Present with mayManage: the to-dos still waiting. */
  waiting?: FlowWaiting[];
  /** The initiator's form fields (start node's formOperates), when the server sends them. */
  startOperates?: FlowFieldRight[];
}

const BASE = '/api/workflow/Engine';
const enc = encodeURIComponent;
const silent = { silent: true };

export const listFlowTasks = (category: FlowListCategory, currentPage: number, pageSize: number, keyword: string) =>
  http.get<FlowPage<FlowTaskItem>>(`${BASE}/FlowBefore/List/${category}`, { currentPage, pageSize, ...(keyword ? { keyword } : {}) });
export const flowDetail = (taskId: string) => http.get<FlowDetail>(`${BASE}/FlowBefore/${enc(taskId)}`, undefined, silent);

export interface PassBody {
  handleOpinion?: string;
  /** one of my signature images (Current/SignImg) */
  signImgId?: string;
  formData?: Record<string, unknown>;
  candidates?: Record<string, string[]>;
}
export const passFlow = (operatorId: string, body: PassBody) => http.post<null>(`${BASE}/FlowBefore/Audit/${enc(operatorId)}`, body as Record<string, unknown>, silent);
export const returnFlow = (operatorId: string, rejectStep: string, handleOpinion?: string, signImgId?: string) =>
  http.post<null>(`${BASE}/FlowBefore/Reject/${enc(operatorId)}`, { rejectType: 'return', rejectStep, handleOpinion, signImgId }, silent);
export const rejectFlow = (operatorId: string, handleOpinion?: string, signImgId?: string) =>
  http.post<null>(`${BASE}/FlowBefore/Reject/${enc(operatorId)}`, { rejectType: 'reject', handleOpinion, signImgId }, silent);
/** The flow print templates (type 1) this flow may be printed with. */
export const flowPrintTemplates = (taskId: string) => http.get<{ id: string; fullName: string }[]>(`${BASE}/FlowBefore/${enc(taskId)}/PrintTemplates`);
export interface FlowPrint {
  template: { id: string; fullName: string };
  html: string;
}
/** The flow filled into a flow print template, with its approval history (server/modules/flow/print.ts). */
export const flowPrint = (taskId: string, templateId: string) => http.get<FlowPrint>(`${BASE}/FlowBefore/${enc(taskId)}/Print?templateId=${enc(templateId)}`);
export const transferFlow = (operatorId: string, userId: string, handleOpinion?: string) => http.post<null>(`${BASE}/FlowBefore/Transfer/${enc(operatorId)}`, { userId, handleOpinion }, silent);
export const addSignFlow = (operatorId: string, userIds: string[], handleOpinion?: string) => http.post<null>(`${BASE}/FlowBefore/AddSign/${enc(operatorId)}`, { userIds, handleOpinion }, silent);
export const assignFlow = (taskId: string, nodeId: string, userId: string, handleOpinion?: string) => http.post<null>(`${BASE}/FlowBefore/Assign/${enc(taskId)}`, { nodeId, userId, handleOpinion }, silent);
export const changeApprover = (operatorId: string, userId: string, handleOpinion?: string) => http.post<null>(`${BASE}/FlowBefore/Change/${enc(operatorId)}`, { userId, handleOpinion }, silent);
export const cancelFlow = (taskId: string, handleOpinion?: string) => http.post<null>(`${BASE}/FlowBefore/Cancel/${enc(taskId)}`, { handleOpinion }, silent);
export const resubmitFlow = (taskId: string, formData: Record<string, unknown>) => http.post<null>(`${BASE}/FlowTask/${enc(taskId)}/Actions/Submit`, { formData }, silent);
export const withdrawFlow = (taskId: string) => http.post<null>(`${BASE}/FlowLaunch/Withdraw/${enc(taskId)}`, undefined, silent);
