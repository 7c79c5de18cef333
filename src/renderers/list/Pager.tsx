import { Group, NumberInput, Pagination, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useRT } from '../i18n';

export interface PagerProps {
  /** The sizes the list offers (pageSizesOf: the spec's and the model's own). */
  sizes: readonly number[];
  total: number;
  currentPage: number;
  pageSize: number;
  onChange(page: number, pageSize: number): void;
}

/** Paging laid out as total, sizes, prev, pager, next, jumper (spec platform 9). */
export function Pager({ sizes, total, currentPage, pageSize, onChange }: PagerProps) {
  const t = useRT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const [jump, setJump] = useState<string | number>('');
  return (
    <Group justify="flex-end" gap="sm" mt="sm" className="scp-pager">
      <Text size="sm" data-pager="total">
        {t('renderers.total', { total })}
      </Text>
      <Select
        size="xs"
        w={110}
        data-pager="sizes"
        aria-label={t('renderers.pageSize')}
        data={sizes.map((s) => ({ value: String(s), label: t('renderers.perPage', { size: s }) }))}
        value={String(pageSize)}
        onChange={(v) => v && onChange(1, Number(v))}
        allowDeselect={false}
      />
      <Pagination
        size="sm"
        total={pages}
        value={Math.min(currentPage, pages)}
        onChange={(p) => onChange(p, pageSize)}
        data-pager="pager"
        getControlProps={(control) => (control === 'previous' ? { 'aria-label': t('renderers.prevPage') } : control === 'next' ? { 'aria-label': t('renderers.nextPage') } : {})}
      />
      <Group gap={4} data-pager="jumper">
        <Text size="sm">{t('renderers.goTo')}</Text>
        <NumberInput
          size="xs"
          w={60}
          min={1}
          max={pages}
          hideControls
          aria-label={t('renderers.jumpTo')}
          value={jump}
          onChange={setJump}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            const n = Math.min(pages, Math.max(1, Math.trunc(Number(jump)) || 1));
            onChange(n, pageSize);
          }}
        />
        <Text size="sm">{t('renderers.page')}</Text>
      </Group>
    </Group>
  );
}
