/**
 * Which flow /workFlowDetail shows. The spec's `config` query holds an encoded payload; ours is
 * base64url of JSON `{ taskId, operatorId? }` (docs/DECISIONS.md). The flow messages' links
 * (src/app/api/messages.ts flowMessagePath) give `?id=<taskId>&majorId=<message id>`, read too.
 */
export interface FlowDetailConfig {
  taskId: string;
  /** The to-do the link was made for (informational: the page acts on the detail's own to-do). */
  operatorId?: string;
}

const toBase64Url = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (value: string) => {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

export function encodeFlowConfig(config: FlowDetailConfig): string {
  return toBase64Url(JSON.stringify(config.operatorId ? { taskId: config.taskId, operatorId: config.operatorId } : { taskId: config.taskId }));
}

/** The payload, or null when it is not ours (bad base64, not JSON, no task id). */
export function decodeFlowConfig(value: string): FlowDetailConfig | null {
  try {
    const parsed = JSON.parse(fromBase64Url(value)) as unknown;
    if (!parsed || typeof parsed !== 'object') return null;
    const { taskId, operatorId } = parsed as Record<string, unknown>;
    if (typeof taskId !== 'string' || !taskId) return null;
    return typeof operatorId === 'string' && operatorId ? { taskId, operatorId } : { taskId };
  } catch {
    return null;
  }
}

/** The flow a /workFlowDetail query names: `config` first, else `taskId` or `id` (message links). */
export function flowConfigOf(search: string): FlowDetailConfig | null {
  const query = new URLSearchParams(search);
  const config = query.get('config');
  if (config) return decodeFlowConfig(config);
  const taskId = query.get('taskId') || query.get('id');
  return taskId ? { taskId } : null;
}

export const flowDetailPath = (config: FlowDetailConfig) => `/workFlowDetail?config=${encodeFlowConfig(config)}`;
