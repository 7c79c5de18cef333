import http from 'node:http';

export interface HalfSent<T> {
  /** resolves once the headers and the first bytes of the body are on the wire */
  sent: Promise<void>;
  /** the answer, once `finish()` sent the rest (rejects if the server dies first) */
  reply: Promise<{ status: number; body: T }>;
  finish(): void;
}

/**
 * A POST whose body goes out in two parts: the server holds the request, unanswerable, until
 * `finish()` — a request certainly in flight when a test stops or kills the server.
 */
export function halfSentPost<T>(url: string, headers: Record<string, string>, body: string): HalfSent<T> {
  const target = new URL(url);
  const bytes = Buffer.from(body);
  let sentFirst!: () => void;
  let finish!: () => void;
  const sent = new Promise<void>((resolve) => (sentFirst = resolve));
  const reply = new Promise<{ status: number; body: T }>((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method: 'POST', headers: { ...headers, 'content-length': bytes.length } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as T }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.on('socket', (socket) => socket.once('connect', () => req.write(bytes.subarray(0, 10), () => sentFirst())));
    finish = () => req.end(bytes.subarray(10));
  });
  return { sent, reply, finish: () => finish() };
}
