import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import { AppError, refuse } from '../../http/errors';
import type { UpstreamPolicy } from './upstream-policy';

/** Redirects followed, each to an allowed address; more is refused. */
export const MAX_REDIRECTS = 5;

export interface UpstreamRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * A host name's addresses, checked when the connection is made: the address checked is the
 * address connected to, so a name that resolves elsewhere between a check and the connection
 * (DNS rebinding) gains nothing.
 */
function checkedLookup(policy: UpstreamPolicy, host: string): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      try {
        for (const a of addresses) policy.checkAddress(host, a.address);
      } catch (refusal) {
        return callback(refusal as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Calls an HTTP interface's upstream and returns its body as text: every address (the first and
 * each redirect's) must be allowed by the policy; the answer is refused once it passes `cap`
 * bytes (after decompression); the whole exchange stops after `timeoutMs`.
 */
export async function callUpstream(start: URL, request: UpstreamRequest, policy: UpstreamPolicy, limits: { timeoutMs: number; cap: number }): Promise<string> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = start;
  let { method, body } = request;
  let headers = request.headers;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    policy.checkUrl(url);
    const response = await send(url, { method, headers, body }, policy, signal, limits.timeoutMs);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw refuse('dataInterface.apiError', { detail: `HTTP ${status}` });
      }
      // 303, and 301/302 after a POST, continue as GET without the body, as browsers do.
      if (status === 303 || ((status === 301 || status === 302) && method !== 'GET')) {
        method = 'GET';
        body = undefined;
      }
      // The interface's own headers (keys, tokens) go to its own origin only.
      if (next.origin !== url.origin) headers = { accept: headers.accept ?? 'application/json' };
      url = next;
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw refuse('dataInterface.apiError', { detail: `HTTP ${status}` });
    }
    return readCapped(response, limits.cap);
  }
  throw refuse('dataInterface.upstreamRedirects');
}

function send(url: URL, request: UpstreamRequest, policy: UpstreamPolicy, signal: AbortSignal, timeoutMs: number): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: request.method, headers, signal, lookup: checkedLookup(policy, url.host), agent: false }, resolve);
    req.on('error', (error: Error) => {
      if (error instanceof AppError) return reject(error);
      if (error.name === 'AbortError' || signal.aborted) return reject(refuse('dataInterface.apiError', { detail: `timeout ${timeoutMs} ms` }));
      // The lookup's refusal arrives wrapped by some Node versions: find it.
      const cause = (error as { cause?: unknown }).cause;
      reject(cause instanceof AppError ? cause : refuse('dataInterface.apiError', { detail: error.message }));
    });
    req.end(request.body);
  });
}

/** The body as text, decompressed, refused (and the download stopped) once it passes `cap` bytes. */
async function readCapped(response: http.IncomingMessage, cap: number): Promise<string> {
  const tooLarge = () => refuse('dataInterface.responseTooLarge', { megabytes: Math.round(cap / 1048576) });
  if (Number(response.headers['content-length'] ?? 0) > cap && !response.headers['content-encoding']) {
    response.destroy();
    throw tooLarge();
  }
  const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip()
    : encoding === 'deflate' ? zlib.createInflate()
    : encoding === 'br' ? zlib.createBrotliDecompress()
    : null;
  const stream: NodeJS.ReadableStream = decoder ? response.pipe(decoder) : response;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      size += buffer.byteLength;
      if (size > cap) {
        response.destroy();
        decoder?.destroy();
        throw tooLarge();
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse('dataInterface.apiError', { detail: (error as Error).message });
  }
  return Buffer.concat(chunks).toString('utf8');
}
