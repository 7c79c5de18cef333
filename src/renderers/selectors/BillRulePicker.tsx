import { ActionIcon, Button, Group, Loader, Modal, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPencil, IconSearch } from '@tabler/icons-react';
import { useContext, useEffect, useState } from 'react';
import { useAsync } from '../data/hooks';
import { useDataProvider, type DictionaryEntry } from '../data/provider';
import { dictionaryQuery } from '../data/queries';
import { LocaleContext, useRT } from '../i18n';
import { BillRuleForm } from './BillRuleForm';
import { confirmChoice } from './selection';

/** The businessType dictionary names the rules' categories (entry enCode = a rule's category). */
const CATEGORY_DICTIONARY = 'businessType';
const PAGE_SIZE = 20;

interface RuleRow {
  id: string;
  fullName: string;
  enCode: string;
  startNumber: string;
}
interface RulePage {
  list: RuleRow[];
  pagination: { total: number };
}

function CategoryTree({ entries, chosen, onChoose, depth = 1 }: { entries: DictionaryEntry[]; chosen: string; onChoose(code: string): void; depth?: number }) {
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {entries.map((e) => {
        const code = e.enCode ?? e.id;
        return (
          <li key={e.id}>
            <UnstyledButton onClick={() => onChoose(code)} aria-pressed={chosen === code} data-rule-category={code} style={{ display: 'block', width: '100%', padding: `2px 4px 2px ${depth * 14}px`, fontWeight: chosen === code ? 600 : 400 }}>
              {e.fullName}
            </UnstyledButton>
            {e.children?.length ? <CategoryTree entries={e.children} chosen={chosen} onChoose={onChoose} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </Stack>
  );
}

export interface BillRulePickerProps {
  opened: boolean;
  /** The current enCode: preselected when the dialog opens. */
  value: string | null;
  onConfirm(enCode: string): void;
  onCancel(): void;
}

/**
 * The numbering-template picker (widgets spec 2.7): 1000 px, the business-category tree on the
 * left (root 业务分类 = every category), the enabled rules of the chosen category on the right
 * (BillRule/Selector: 20 a page, newest first, keyword over name and code), the add/edit rule
 * form; confirm gives the chosen rule's enCode and is ignored with nothing chosen.
 */
export function BillRulePicker({ opened, value, onConfirm, onCancel }: BillRulePickerProps) {
  const t = useRT();
  const provider = useDataProvider();
  const locale = useContext(LocaleContext);
  const categories = useQuery({ ...dictionaryQuery(provider, locale, CATEGORY_DICTIONARY, true), enabled: opened });
  const [category, setCategory] = useState('');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string | null>(value);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    if (!opened) return; // opening starts afresh, the current value chosen
    setCategory('');
    setTyped('');
    setKeyword('');
    setPage(1);
    setChosen(value);
  }, [opened, value]);
  const rules = useAsync<RulePage>(
    opened ? (p) => p.resourceCall('GET', '/api/system/BillRule/Selector', { keyword, categoryId: category || undefined, currentPage: page, pageSize: PAGE_SIZE, sidx: 'createdAt', sort: 'desc' }) as Promise<RulePage> : null,
    [opened, keyword, category, page, reload],
  );
  const total = rules.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const search = () => (setKeyword(typed.trim()), setPage(1));
  const chooseCategory = (code: string) => (setCategory(code), setPage(1));
  const confirm = () => {
    const code = confirmChoice(chosen, (c) => c);
    if (code !== null) onConfirm(code);
  };

  return (
    <Modal opened={opened} onClose={onCancel} size={1000} title={t('selectors.billRule.title')} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('selectors.close') }} data-bill-rule-picker>
      <Group align="stretch" gap="md" wrap="nowrap">
        <Stack gap={2} style={{ width: 220, borderRight: '1px solid var(--mantine-color-gray-3)', maxHeight: 480, overflow: 'auto' }} data-rule-categories>
          <UnstyledButton onClick={() => chooseCategory('')} aria-pressed={category === ''} style={{ padding: '2px 4px', fontWeight: category === '' ? 600 : 400 }}>
            {t('selectors.billRule.root')}
          </UnstyledButton>
          <CategoryTree entries={categories.data ?? []} chosen={category} onChoose={chooseCategory} />
        </Stack>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group gap={4} wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              size="xs"
              aria-label={t('selectors.billRule.keyword')}
              placeholder={t('selectors.billRule.keyword')}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), search())}
            />
            <ActionIcon variant="default" size="md" onClick={search} aria-label={t('selectors.billRule.search')}>
              <IconSearch size={14} />
            </ActionIcon>
            <Button size="xs" onClick={() => setEditing({ id: null })}>
              {t('selectors.billRule.add')}
            </Button>
          </Group>
          <div style={{ maxHeight: 420, overflow: 'auto' }}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('selectors.billRule.fullName')}</Table.Th>
                  <Table.Th>{t('selectors.billRule.enCode')}</Table.Th>
                  <Table.Th>{t('selectors.billRule.startNumber')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(rules.data?.list ?? []).map((r) => (
                  <Table.Tr key={r.id} data-rule-row={r.enCode} aria-selected={chosen === r.enCode} bg={chosen === r.enCode ? 'var(--mantine-primary-color-light)' : undefined}>
                    <Table.Td>
                      <UnstyledButton onClick={() => setChosen(r.enCode)} onDoubleClick={() => onConfirm(r.enCode)} aria-label={t('selectors.billRule.pick', { name: r.fullName })} aria-pressed={chosen === r.enCode}>
                        {r.fullName}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{r.enCode}</Table.Td>
                    <Table.Td>{r.startNumber}</Table.Td>
                    <Table.Td>
                      <ActionIcon size="sm" variant="subtle" onClick={() => setEditing({ id: r.id })} aria-label={t('selectors.billRule.edit', { name: r.fullName })}>
                        <IconPencil size={12} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {rules.loading ? <Loader size="xs" /> : !rules.data?.list.length ? <Text size="sm" p="xs">{t('selectors.billRule.empty')}</Text> : null}
          </div>
          <Group justify="flex-end" gap="xs">
            <Text size="xs">{t('selectors.billRule.page', { page, total })}</Text>
            <Button size="compact-xs" variant="default" disabled={page <= 1} onClick={() => setPage((n) => n - 1)}>
              {t('selectors.billRule.prev')}
            </Button>
            <Button size="compact-xs" variant="default" disabled={page >= pages} onClick={() => setPage((n) => n + 1)}>
              {t('selectors.billRule.next')}
            </Button>
          </Group>
        </Stack>
      </Group>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {t('selectors.cancel')}
        </Button>
        <Button onClick={confirm} data-bill-rule-confirm>
          {t('selectors.confirm')}
        </Button>
      </Group>
      {editing ? <BillRuleForm ruleId={editing.id} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), setReload((n) => n + 1))} /> : null}
    </Modal>
  );
}

/**
 * A rule code chosen through the picker: the code shown read-only, a button opening the dialog.
 * What a designer's or administrator's form puts where a billRule field's `rule` is picked.
 */
export function BillRuleChooser({ value, onChange, label, id, disabled }: { value: string | null; onChange(enCode: string): void; label: string; id?: string; disabled?: boolean }) {
  const t = useRT();
  const [opened, setOpened] = useState(false);
  return (
    <Group gap={4} wrap="nowrap" data-bill-rule-chooser>
      <TextInput id={id} style={{ flex: 1 }} value={value ?? ''} readOnly aria-label={label} disabled={disabled} />
      <Button variant="default" onClick={() => setOpened(true)} disabled={disabled}>
        {t('selectors.billRule.open')}
      </Button>
      <BillRulePicker opened={opened} value={value} onCancel={() => setOpened(false)} onConfirm={(code) => (setOpened(false), onChange(code))} />
    </Group>
  );
}
