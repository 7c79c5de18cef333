import { Badge, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useAsync } from '../data/hooks';
import type { DictionaryEntry } from '../data/provider';
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

/** Menu type 4: the entries of one dictionary type, as a tree table or a flat table. */
export function DictionaryPage({ moduleId, isTree, title }: PageRendererProps) {
  const t = useRT();
  const entries = useAsync<DictionaryEntry[]>((p) => p.dictionary(moduleId, isTree), [moduleId, isTree]);
  const [keyword, setKeyword] = useState('');
  const rows = useMemo(() => filterEntries(entries.data ?? [], keyword), [entries.data, keyword]);
  if (!entries.data) return <PageState loading={entries.loading} error={entries.error} />;
  const row = (e: DictionaryEntry, depth: number): ReactNode => (
    <Fragment key={e.id}>
      <Table.Tr data-entry={e.id}>
        <Table.Td style={{ paddingLeft: 10 + depth * 20 }}>{e.fullName}</Table.Td>
        <Table.Td>{e.enCode}</Table.Td>
        <Table.Td>{e.sortCode ?? 0}</Table.Td>
        <Table.Td>{e.enabledMark === 0 ? <Badge color="gray">{t('renderers.disabled')}</Badge> : <Badge color="green">{t('renderers.enabled')}</Badge>}</Table.Td>
      </Table.Tr>
      {isTree ? (e.children ?? []).map((c) => row(c, depth + 1)) : null}
    </Fragment>
  );
  return (
    <div className="scp-dictionary-page">
      <Group justify="space-between" mb="sm">
        {title ? <Title order={4}>{title}</Title> : <span />}
        <TextInput size="sm" placeholder={t('renderers.keywordPlaceholder')} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} />
      </Group>
      <Table striped withTableBorder data-tree={isTree ? 'true' : 'false'}>
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
