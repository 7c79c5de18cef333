import { Badge, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import type { CompiledDictionaryPage } from '../../runtime/model/pages';
import { useAsync } from '../data/hooks';
import type { DataProvider, DictionaryEntry } from '../data/provider';
import { useRT } from '../i18n';
import { PageState } from './PageState';
import type { PageRendererProps } from './types';

/** Entries whose name or code contains the keyword, keeping the ancestors of a match. */
export function filterEntries(entries: DictionaryEntry[], keyword: string): DictionaryEntry[] {
  if (!keyword) return entries;
  const k = keyword.toLowerCase();
  const out: DictionaryEntry[] = [];
  for (const e of entries) {
    const children = filterEntries(e.children ?? [], keyword);
    if (e.fullName.toLowerCase().includes(k) || String(e.enCode ?? '').toLowerCase().includes(k) || children.length) out.push({ ...e, children });
  }
  return out;
}

export interface DictionaryPageData {
  page: CompiledDictionaryPage;
  entries: DictionaryEntry[];
}

/** The compiled page named by the menu's moduleId, then the entries of the category it names. */
export async function loadDictionaryPage(provider: DataProvider, moduleId: string): Promise<DictionaryPageData> {
  const page = await provider.getDictionaryPage(moduleId);
  const entries = await provider.dictionary(page.dictionaryType, page.isTree);
  return { page, entries };
}

/** The entries as a tree table (page.isTree) or a flat table, with a keyword filter. */
export function DictionaryTable({ page, entries, title }: DictionaryPageData & { title?: string }) {
  const t = useRT();
  const [keyword, setKeyword] = useState('');
  const rows = useMemo(() => filterEntries(entries, keyword.trim()), [entries, keyword]);
  const row = (e: DictionaryEntry, depth: number): ReactNode => (
    <Fragment key={e.id}>
      <Table.Tr data-entry={e.id} data-depth={depth}>
        <Table.Td style={{ paddingLeft: 10 + depth * 20 }}>{e.fullName}</Table.Td>
        <Table.Td>{e.enCode}</Table.Td>
        <Table.Td>{e.sortCode ?? 0}</Table.Td>
        <Table.Td>{e.enabledMark === 0 ? <Badge color="gray">{t('renderers.disabled')}</Badge> : <Badge color="green">{t('renderers.enabled')}</Badge>}</Table.Td>
      </Table.Tr>
      {page.isTree ? (e.children ?? []).map((c) => row(c, depth + 1)) : null}
    </Fragment>
  );
  return (
    <div className="scp-dictionary-page" data-dictionary-page={page.id} data-dictionary-type={page.dictionaryType}>
      <Group justify="space-between" mb="sm">
        {title ? <Title order={4}>{title}</Title> : <span />}
        <TextInput size="sm" aria-label={t('renderers.keyword')} placeholder={t('renderers.keywordPlaceholder')} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} data-keyword />
      </Group>
      <Table striped withTableBorder data-tree={page.isTree ? 'true' : 'false'}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('renderers.dictName')}</Table.Th>
            <Table.Th>{t('renderers.dictCode')}</Table.Th>
            <Table.Th>{t('renderers.sortCode')}</Table.Th>
            <Table.Th>{t('renderers.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{rows.length ? rows.map((e) => row(e, 0)) : <Table.Tr><Table.Td colSpan={4}><Text ta="center" c="dimmed">{t('renderers.noData')}</Text></Table.Td></Table.Tr>}</Table.Tbody>
      </Table>
    </div>
  );
}

/**
 * Menu type 4: the menu's moduleId names a compiled dictionary page (or, as the original
 * product allows, a dictionary category directly: the server then answers with a page for
 * it); the page lists the entries of its category, as a tree or flat.
 */
export function DictionaryPage({ moduleId, title }: PageRendererProps) {
  const state = useAsync<DictionaryPageData>((p) => loadDictionaryPage(p, moduleId), [moduleId]);
  if (!state.data) return <PageState loading={state.loading} error={state.error} />;
  return <DictionaryTable page={state.data.page} entries={state.data.entries} title={title} />;
}
