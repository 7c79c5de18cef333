import { QueryClient } from '@tanstack/react-query';
import type { OptionSource } from '../../runtime/model/compiled';
import { ReplyCode } from '../../runtime/codes';
import type { Locale } from '../../runtime/i18n';
import { rowsOf, type CallOptions, type DataProvider, type DictionaryEntry } from './provider';

/**
 * The query cache of option sources (TanStack Query): every list cell, form field, search input
 * and left tree that names the same dictionary or data interface shares one request and one
 * cached answer. Records are not cached here: a list shows what the server holds now.
 */

/** Dictionaries and option interfaces change rarely: reused for five minutes, then refreshed on next use. */
export const OPTIONS_STALE_MS = 5 * 60_000;
/** An unused answer is dropped after half an hour. */
export const OPTIONS_GC_MS = 30 * 60_000;

/** Option calls show no message of the shell: a missing source is a quiet note on its field. */
const SILENT: CallOptions = { silent: true };

/** A query client for the renderers when the shell mounts none (tests, the public short-link page). */
export function createRenderersQueryClient(): QueryClient {
  return new QueryClient();
}

const providerIds = new WeakMap<DataProvider, number>();
let lastProviderId = 0;
function providerId(provider: DataProvider): number {
  let id = providerIds.get(provider);
  if (id === undefined) providerIds.set(provider, (id = ++lastProviderId));
  return id;
}

const shared = { staleTime: OPTIONS_STALE_MS, gcTime: OPTIONS_GC_MS, retry: false, refetchOnWindowFocus: false } as const;

/**
 * The entries of a dictionary (by id or enCode), as a tree or flat. Keys carry the provider
 * (answers belong to the one that gave them: the signed-in app, an anonymous page, a test double)
 * and the language the server answered in.
 */
export function dictionaryQuery(provider: DataProvider, locale: Locale, typeId: string, isTree: boolean) {
  return {
    ...shared,
    queryKey: ['renderers', providerId(provider), locale, 'dictionary', typeId, isTree] as const,
    queryFn: (): Promise<DictionaryEntry[]> => provider.dictionary(typeId, isTree, SILENT),
  };
}

/**
 * Marks every cached dictionary answer stale (spec 4: after a dictionary or a category is saved,
 * deleted or imported, the cached dictionary list is cleared): fields, cells and left trees on
 * screen ask again at once, the others on their next use.
 */
export function invalidateDictionaryQueries(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'renderers' && query.queryKey[3] === 'dictionary' });
}

/** The rows behind a remote option source: a dictionary's entries as a tree (the query the left tree shares), or a data interface's rows. */
export function optionRowsQuery(provider: DataProvider, locale: Locale, source: Exclude<OptionSource, { from: 'static' }>): OptionRowsQuery {
  if (source.from === 'dictionary') return dictionaryQuery(provider, locale, source.dictionaryType, true);
  const paramList = source.templateJson ?? [];
  return {
    ...shared,
    queryKey: ['renderers', providerId(provider), locale, 'dataInterface', source.interfaceId, paramList],
    queryFn: async () => rowsOf(await provider.dataInterface(source.interfaceId, paramList, SILENT)),
  };
}

export type OptionRowsQuery = typeof shared & { queryKey: readonly unknown[]; queryFn: () => Promise<Record<string, unknown>[]> };

/** Why a remote source gave no options: it does not exist, or its call failed (with the server's message). */
export type SourceProblem = { missing: true } | { missing: false; message: string };

export function sourceProblem(error: unknown): SourceProblem | null {
  if (!error) return null;
  const reply = error as { code?: unknown; msg?: unknown; message?: unknown };
  if (reply.code === ReplyCode.notFound) return { missing: true };
  const message = typeof reply.msg === 'string' ? reply.msg : typeof reply.message === 'string' ? reply.message : '';
  return { missing: false, message };
}
