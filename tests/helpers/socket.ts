import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';

/**
 * A real WebSocket client for the API tests (the `ws` package the server uses; Node 20 has no
 * global WebSocket). Frames are JSON; `next(method)` waits for the next frame of that method.
 */
interface WsClient {
  readyState: number;
  send(data: string): void;
  close(): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'unexpected-response', listener: (request: unknown, response: IncomingMessage) => void): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

export type Frame = { method: string; [field: string]: any };

export interface TestSocket {
  send(frame: unknown): void;
  /** The next frame with this method (frames received earlier count). */
  next(method: string, timeoutMs?: number): Promise<Frame>;
  /** Every frame so far. */
  frames: Frame[];
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** A refused upgrade: the HTTP status and the envelope the server answered instead. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly body: { code: number; msg: string },
    /** Resolves when the server has ended the connection (it must not keep it open). */
    readonly connectionClosed: Promise<void>,
  ) {
    super(`upgrade refused with ${status}: ${JSON.stringify(body)}`);
  }
}

export function socketUrl(httpUrl: string, path: string): string {
  return httpUrl.replace(/^http/, 'ws') + path;
}

/** Opens a socket; rejects with Refused when the server answers the upgrade with an HTTP reply. */
export function openSocket(url: string): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const frames: Frame[] = [];
    const waiters: { method: string; resolve(frame: Frame): void }[] = [];
    const consumed = new Set<Frame>();
    let closedResolve!: (value: { code: number; reason: string }) => void;
    const closed = new Promise<{ code: number; reason: string }>((r) => (closedResolve = r));
    ws.on('unexpected-response', (_request, response) => {
      const connectionClosed = new Promise<void>((r) => (response.socket.destroyed ? r() : response.socket.once('close', () => r())));
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => reject(new Refused(response.statusCode ?? 0, JSON.parse(text || '{}'), connectionClosed)));
    });
    ws.on('error', (error) => reject(error));
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString('utf8')) as Frame;
      frames.push(frame);
      for (const w of [...waiters]) {
        if (w.method === frame.method) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    });
    ws.on('close', (code, reason) => closedResolve({ code, reason: reason.toString('utf8') }));
    ws.on('open', () =>
      resolve({
        frames,
        closed,
        send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
        close: () => ws.close(),
        next(method, timeoutMs = 10_000) {
          const seen = frames.find((f) => f.method === method && !consumed.has(f));
          if (seen) {
            consumed.add(seen);
            return Promise.resolve(seen);
          }
          return new Promise<Frame>((resolveFrame, rejectFrame) => {
            const timer = setTimeout(() => rejectFrame(new Error(`no '${method}' frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`)), timeoutMs);
            waiters.push({
              method,
              resolve: (frame) => {
                clearTimeout(timer);
                consumed.add(frame);
                resolveFrame(frame);
              },
            });
          });
        },
      }),
    );
  });
}
