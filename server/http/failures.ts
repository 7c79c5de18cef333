import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ReplyCode } from '../../src/runtime/codes';
import { translate } from '../../src/runtime/i18n';
import { AppError, httpStatusFor } from './errors';
import { localeOf } from './locale';

/**
 * Every failure becomes a `{ code, msg }` envelope in the caller's language. Unexpected
 * errors are logged with their stack and answered with a generic message: no stack, no
 * internals ever reach the client. The HTTP status tells proxies, logs and curl the truth;
 * the product's own clients (they send the origin marker `jnpf-origin`, as ours does) read the
 * envelope's code only on HTTP 200, so they get 200 with the code in the envelope, as the
 * product answers them.
 */
export function productClient(request: FastifyRequest): boolean {
  return request.headers['jnpf-origin'] !== undefined;
}

/** PostgreSQL's deadlock and serialisation failures, SQLite's busy database: the transaction did nothing. */
const TRANSIENT_DATABASE = new Set(['40P01', '40001', 'SQLITE_BUSY']);

/** The largest request body the server reads (uploads have their own limits). */
export const BODY_LIMIT_BYTES = 20 * 1024 * 1024;

async function failuresPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    // The locale hook may not have run (errors in earlier hooks), so resolve it here.
    const locale = request.locale ?? localeOf(request);
    const send = (status: number, body: Record<string, unknown>) =>
      productClient(request)
        ? // not through the route's 200 reply schema: that one describes success
          reply.status(200).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body)
        : reply.status(status).send(body);
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { code: error.code, msg: translate(locale, error.key, error.params) };
      if (error.data !== undefined) body.data = error.data;
      return send(httpStatusFor(error.code), body);
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      const detail = fe.validation
        .map((v) => `${(fe.validationContext ?? '')}${v.instancePath || ''}${v.params && 'missingProperty' in v.params ? `/${String(v.params.missingProperty)}` : ''} ${v.message ?? ''}`.trim())
        .join('; ');
      return send(400, { code: ReplyCode.refused, msg: translate(locale, 'server.invalidInput', { detail }) });
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Refused on its declared length, before a byte is parsed.
      return send(413, { code: ReplyCode.refused, msg: translate(locale, 'server.bodyTooLarge', { mb: BODY_LIMIT_BYTES / 1024 / 1024 }) });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Malformed JSON, unsupported media type, body too large…: the client's fault, say what.
      return send(400, { code: ReplyCode.refused, msg: translate(locale, 'server.invalidInput', { detail: fe.message }) });
    }
    if (TRANSIENT_DATABASE.has(String((error as { code?: unknown }).code))) {
      // the database rolled the whole transaction back (a deadlock's or serialisation's victim,
      // or SQLite busy past its timeout): nothing was written, the same request may simply be sent again
      request.log.warn({ err: error }, 'transaction rolled back by the database');
      reply.header('retry-after', '1');
      return send(503, { code: ReplyCode.refused, msg: translate(locale, 'server.busyRetry') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { code: ReplyCode.internal, msg: translate(locale, 'server.internalError') });
  });
}

export const failureHandling = fp(failuresPlugin, { name: 'failures' });
