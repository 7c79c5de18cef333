import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Locale, type MessageKey, type MessageParams, resolveLocale, translate } from '../../src/runtime/i18n';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** Translates a message into the caller's language. */
    t(key: MessageKey, params?: MessageParams): string;
  }
}

/** The caller's language: the client's explicit choice (X-Language), else Accept-Language. */
export function localeOf(request: FastifyRequest): Locale {
  const explicit = request.headers['x-language'];
  return resolveLocale(typeof explicit === 'string' ? explicit : null, request.headers['accept-language'] ?? null);
}

async function localePlugin(app: FastifyInstance) {
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('t', function (this: FastifyRequest, key: MessageKey, params?: MessageParams) {
    return translate(this.locale, key, params);
  });
  app.addHook('onRequest', async (request) => {
    request.locale = localeOf(request);
  });
}

export const localeSupport = fp(localePlugin, { name: 'locale' });
