import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy the built front end runs under without a violation
 * (tests/e2e/security-headers.test.ts opens its pages and listens for one):
 * - scripts from our origin only, no inline script; 'unsafe-eval' because Ajv compiles the
 *   model's record validator in the browser (src/runtime/validation/validator.ts) with
 *   new Function — precompiled validators would let it go;
 * - inline styles: Mantine writes <style> tags and style attributes;
 * - images also from data: and blob: (QR codes, signatures, previews of picked files);
 * - connect-src 'self' covers the same-origin websocket (CSP 3 lets 'self' match ws/wss);
 * - frames: the iframe field and external-link menus embed an http(s) address an
 *   administrator set; nothing else may frame us but our own pages.
 * No upgrade-insecure-requests: an intranet deployment over plain http would break.
 */
export const APP_CSP: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'unsafe-eval'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'", 'http:', 'https:'],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** Swagger UI at /api/docs: its own scripts and styles, no eval, no frames. */
export const DOCS_CSP: Directives = {
  ...APP_CSP,
  'script-src': ["'self'"],
  'frame-src': ["'none'"],
};

const options = (directives: Directives) => ({
  contentSecurityPolicy: { useDefaults: false, directives },
  // Set by whoever terminates TLS (a deployment choice, includeSubDomains especially);
  // browsers ignore it over plain http anyway.
  strictTransportSecurity: false,
  // Our own origin gets the full address (logs); other sites get nothing, so a short-link
  // code in the address never leaks to a framed or linked page.
  referrerPolicy: { policy: 'same-origin' as const },
  xFrameOptions: { action: 'sameorigin' as const },
});

type Headers = ReadonlyArray<readonly [string, string]>;

/**
 * The headers helmet sets for a set of options, worked out once: they are the same for every
 * answer (no nonces), and building helmet's middleware per request (what @fastify/helmet does)
 * parsed the policy again each time, a few per cent of a small signed-in read.
 */
export function helmetHeaders(helmetOptions: HelmetOptions): Headers {
  const set = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  helmet(helmetOptions)({} as IncomingMessage, response, () => undefined);
  return [...set];
}

const APP_HEADERS = helmetHeaders(options(APP_CSP));
const DOCS_HEADERS = helmetHeaders(options(DOCS_CSP));

async function securityHeadersPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    const headers = (request.routeOptions.config as { securityHeaders?: 'docs' } | undefined)?.securityHeaders === 'docs' ? DOCS_HEADERS : APP_HEADERS;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** Headers on every answer (pages, API, errors, 404s); register first. */
export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });

/** Route config of the API documentation routes: Swagger UI's own policy. */
export const docsHeaders = { securityHeaders: 'docs' as const };
