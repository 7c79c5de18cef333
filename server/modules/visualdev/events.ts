import type { ServerResponse } from 'node:http';

/**
 * Server-sent events to connected browsers (development reload). A browser reads it with
 * fetch() and a stream reader, which may carry the Authorization header (EventSource cannot).
 */
export class EventHub {
  private readonly clients = new Set<ServerResponse>();
  private heartbeat: NodeJS.Timeout | null = null;

  add(res: ServerResponse) {
    this.clients.add(res);
    res.on('close', () => this.clients.delete(res));
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.comment('ping'), 25_000);
      this.heartbeat.unref();
    }
  }

  send(event: string, data: unknown) {
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of this.clients) res.write(text);
  }

  private comment(text: string) {
    for (const res of this.clients) res.write(`: ${text}\n\n`);
  }

  get size() {
    return this.clients.size;
  }

  close() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }
}
