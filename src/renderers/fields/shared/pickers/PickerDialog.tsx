import { ActionIcon, Button, Group, Modal, ScrollArea, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useRT } from '../../../i18n';
import type { PickedItem } from './selection';

export interface PickerDialogProps {
  title: string;
  opened: boolean;
  width?: number;
  /** Leaves out the '已选' pane (narrow variants mark the chosen in the tree instead). */
  noSelectedPane?: boolean;
  draft: readonly PickedItem[];
  onRemove(key: string): void;
  onClearAll(): void;
  onCancel(): void;
  onConfirm(): void;
  /** Search on Enter or on the button (widgets spec 2.1); absent: no search box. */
  onSearch?(keyword: string): void;
  tabs?: { value: string; label: string }[];
  tab?: string;
  onTab?(tab: string): void;
  /** A message above the footer (a refused pick). */
  notice?: string | null;
  /** The left pane: a tree or a list. */
  children: ReactNode;
}

/** The dialog shows at once: an opening fade only delays the first page (bench/pickers-browser.ts). */
const NO_TRANSITION = { duration: 0 };

/**
 * The pickers' dialog (800 px): search and a tree or list on the left, '已选' with '清空列表' on the
 * right, Cancel and Confirm below. A backdrop click never closes it; Escape cancels.
 */
export function PickerDialog(props: PickerDialogProps) {
  const t = useRT();
  const [keyword, setKeyword] = useState('');
  const search = () => props.onSearch?.(keyword);
  const changeTab = (value: string | null) => {
    if (!value) return;
    setKeyword(''); // changing tab clears the keyword (widgets spec 4)
    props.onTab?.(value);
  };
  return (
    <Modal opened={props.opened} onClose={props.onCancel} size={props.width ?? 800} title={props.title} closeOnClickOutside={false} transitionProps={NO_TRANSITION} closeButtonProps={{ 'aria-label': t('pickers.cancel') }} data-picker-dialog>
      <Group align="stretch" gap="md" wrap="nowrap">
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          {props.onSearch ? (
            <Group gap={4} wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                size="xs"
                aria-label={t('pickers.keyword')}
                placeholder={t('pickers.keyword')}
                value={keyword}
                onChange={(e) => setKeyword(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    search();
                  }
                }}
              />
              <ActionIcon variant="default" size="md" onClick={search} aria-label={t('pickers.search')}>
                <IconSearch size={14} />
              </ActionIcon>
            </Group>
          ) : null}
          {props.tabs ? (
            <Tabs value={props.tab} onChange={changeTab}>
              <Tabs.List>
                {props.tabs.map((tab) => (
                  <Tabs.Tab key={tab.value} value={tab.value}>
                    {tab.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          ) : null}
          <ScrollArea h={360} type="auto" data-picker-left>
            {props.children}
          </ScrollArea>
        </Stack>
        {props.noSelectedPane ? null : (
        <Stack gap="xs" style={{ width: 280, borderLeft: '1px solid var(--mantine-color-gray-3)', paddingLeft: 12 }} data-picker-selected>
          <Group justify="space-between">
            <Text fw={600} size="sm">
              {t('pickers.selected')}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={props.onClearAll}>
              {t('pickers.clearAll')}
            </Button>
          </Group>
          <ScrollArea h={360} type="auto">
            <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {props.draft.map((item) => (
                <Group component="li" key={item.key} justify="space-between" wrap="nowrap" gap={4} data-picked={item.key}>
                  <Text size="sm" truncate>
                    {item.label}
                  </Text>
                  <ActionIcon size="sm" variant="subtle" color="gray" onClick={() => props.onRemove(item.key)} aria-label={t('pickers.remove', { name: item.label })}>
                    <IconX size={12} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </ScrollArea>
        </Stack>
        )}
      </Group>
      {props.notice ? (
        <Text c="red" size="sm" mt="xs" role="alert">
          {props.notice}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={props.onCancel}>
          {t('pickers.cancel')}
        </Button>
        <Button onClick={props.onConfirm} data-picker-confirm>
          {t('pickers.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
