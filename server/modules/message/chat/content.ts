import type { MessageKey } from '../../../../src/runtime/i18n';

export const TEXT_MAX = 5_000;
const FILE_TYPES = ['image', 'voice', 'video'] as const;

export type ContentCheck = { ok: true; contentType: string; content: string; fileId: string | null } | { ok: false; key: MessageKey; params?: Record<string, string> };

/** A file message's content: the id of a file uploaded to our file service (the caller checks it is the sender's), never an address. */
function fileReference(value: unknown): { fileId: string; name: string; width?: number; height?: number; duration?: number } | null {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const fileId = typeof o.fileId === 'string' ? o.fileId : '';
  if (!/^[0-9]{1,30}$/.test(fileId)) return null;
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 100_000 ? x : undefined);
  return { fileId, name: typeof o.name === 'string' ? o.name.slice(0, 200) : '', width: num(o.width), height: num(o.height), duration: num(o.duration) };
}

/** What SendMessage carries, checked (spec 5.6): text trimmed and not empty; files only as ids of uploaded files. */
export function checkContent(messageType: unknown, messageContent: unknown): ContentCheck {
  const type = typeof messageType === 'string' ? messageType : 'text';
  if (type === 'text') {
    const text = typeof messageContent === 'string' ? messageContent.trim() : '';
    if (!text) return { ok: false, key: 'chat.emptyText' };
    if (text.length > TEXT_MAX) return { ok: false, key: 'chat.textTooLong', params: { max: String(TEXT_MAX) } };
    return { ok: true, contentType: 'text', content: text, fileId: null };
  }
  if (!(FILE_TYPES as readonly string[]).includes(type)) return { ok: false, key: 'chat.badType' };
  const ref = fileReference(messageContent);
  if (!ref) return { ok: false, key: 'chat.badFile' };
  return { ok: true, contentType: type, content: JSON.stringify(ref), fileId: ref.fileId };
}
