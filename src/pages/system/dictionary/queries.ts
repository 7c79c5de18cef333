import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { categoryParents, entryParents, listCategories, listEntries } from '../../../app/api/dictionary';
import { useLocale } from '../../../app/i18n';
import { invalidateDictionaryQueries } from '../../../renderers/data/queries';

/**
 * The dictionary screen's reads (TanStack Query). Names come back in the caller's language, so
 * the language is part of every key. Lists are never served stale: an administrator sees what
 * the server holds now (staleTime 0), and a failed load only stops the loader (spec 8).
 */
const ROOT = 'dictionaryAdmin';
const base = { retry: false, refetchOnWindowFocus: false } as const;

export function useCategories() {
  const locale = useLocale();
  return useQuery({ ...base, queryKey: [ROOT, locale, 'categories'], queryFn: listCategories });
}

export function useEntries(typeId: string | null, keyword: string) {
  const locale = useLocale();
  return useQuery({ ...base, queryKey: [ROOT, locale, 'entries', typeId, keyword], queryFn: () => listEntries(typeId!, keyword), enabled: typeId !== null });
}

/** Pickers are read fresh each time a dialog opens (nothing kept once it closes): a node added a moment ago is offered. */
const picker = { ...base, gcTime: 0 } as const;

/** Parent picker of the category form: '-1' over the tree, without the category being edited. */
export function useCategoryParents(exceptId: string | null) {
  const locale = useLocale();
  return useQuery({ ...picker, queryKey: [ROOT, locale, 'categoryParents', exceptId], queryFn: () => categoryParents(exceptId ?? '0') });
}

/** Parent picker of the entry form: the category over its entries, without the entry being edited. */
export function useEntryParents(typeId: string, exceptId: string | null) {
  const locale = useLocale();
  return useQuery({ ...picker, queryKey: [ROOT, locale, 'entryParents', typeId, exceptId], queryFn: () => entryParents(typeId, exceptId ?? '0') });
}

/**
 * After a save, delete or import: this screen's lists and pickers load again, and the cached
 * dictionaries every form, cell and left tree of the app reads are cleared (spec 4).
 */
export function useDictionaryChanged(): () => void {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: [ROOT] });
    void invalidateDictionaryQueries(client);
  }, [client]);
}

/** The server's message of a successful write, shown for 1.5 s (spec 8). */
export function showSaved(message: string): void {
  notifications.show({ message, color: 'green', autoClose: 1500 });
}
