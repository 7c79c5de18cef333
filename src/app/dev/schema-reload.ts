/**
 * Development only ("in development a changed file reloads the page"): reads the server's
 * event stream GET /api/visualdev/Events (sent when the server runs with SCHEMA_WATCH=1, as
 * `npm run dev` does) and reloads the browser when the descriptor of the open page changed:
 * a "model" event (schemas/models) or a "page" event (schemas/dictionaries, reports,
 * portals) whose id is the moduleId of the menu entry routed at the current path.
 *
 * The stream needs the Authorization header, which EventSource cannot send, so it is read
 * with fetch and a stream reader. main.tsx imports this module only when import.meta.env.DEV.
 */
import { buildRequest } from '../api/client';
import { currentLocale } from '../i18n';
import { menuRoutesAtom, tokenAtom } from '../session/session';
import { appStore } from '../store';

export interface SseFrame {
  event: string;
  data: string;
}

/** Splits a stream buffer into complete frames (blank-line separated) and the unfinished rest; comments are skipped. */
export function parseSseFrames(buffer: string): { frames: SseFrame[]; rest: string } {
  const text = buffer.replace(/\r\n?/g, '\n');
  const parts = text.split('\n\n');
  const rest = parts.pop() ?? '';
  const frames: SseFrame[] = [];
  for (const part of parts) {
    let event = 'message';
    const data: string[] = [];
    for (const line of part.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) frames.push({ event, data: data.join('\n') });
  }
  return { frames, rest };
}

/** True when the frame says the descriptor with this id was (re)loaded or removed; a failed load keeps the old page, so no reload. */
export function frameConcerns(frame: SseFrame, moduleId: string | null): boolean {
  if (!moduleId || (frame.event !== 'model' && frame.event !== 'page')) return false;
  try {
    const data = JSON.parse(frame.data) as { id?: unknown; status?: unknown; problems?: unknown };
    if (data.id !== moduleId) return false;
    if (data.status === 'failed') {
      console.warn(`[schema-reload] ${moduleId} did not compile; the page keeps its last good version`, data.problems);
      return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** The moduleId of the menu entry routed at a path (menu types 3, 4, 5, 8), or null. */
export function moduleIdAt(pathname: string, routes: readonly { path: string; moduleId: string | null }[]): string | null {
  return routes.find((n) => n.path === pathname && n.moduleId)?.moduleId ?? null;
}

const RETRY_MS = 3000;

async function listen(token: string, signal: AbortSignal, onFrame: (frame: SseFrame) => void): Promise<void> {
  const { url, init } = buildRequest(
    { url: '/api/visualdev/Events' },
    { baseUrl: '', getToken: () => token, getLanguage: currentLocale, nowSeconds: () => Math.floor(Date.now() / 1000) },
  );
  const response = await fetch(url, { ...init, signal });
  if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const parsed = parseSseFrames(buffer + decoder.decode(value, { stream: true }));
    buffer = parsed.rest;
    parsed.frames.forEach(onFrame);
  }
}

let started = false;

/**
 * Listens while a token exists: starts after sign-in, stops at sign-out, reconnects (after a
 * pause) when the server restarts. Call once; later calls do nothing. Returns a stop function.
 */
export function startSchemaReload(reload: () => void = () => window.location.reload()): () => void {
  if (started) return () => {};
  started = true;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const onFrame = (frame: SseFrame) => {
    if (frameConcerns(frame, moduleIdAt(window.location.pathname, appStore.get(menuRoutesAtom).routes))) reload();
  };
  const connect = () => {
    controller?.abort();
    if (timer) clearTimeout(timer);
    const token = appStore.get(tokenAtom);
    if (!token) return;
    const current = (controller = new AbortController());
    listen(token, current.signal, onFrame)
      .catch(() => undefined)
      .finally(() => {
        if (current === controller && !current.signal.aborted) timer = setTimeout(connect, RETRY_MS);
      });
  };
  const unsubscribe = appStore.sub(tokenAtom, connect);
  connect();
  return () => {
    unsubscribe();
    controller?.abort();
    if (timer) clearTimeout(timer);
    started = false;
  };
}
