import { useState } from 'react';
import { Box, Button, Card, Group, Select, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { poolCategories, requestNoSpec } from '../../../app/api/pickup';
import { HeadFields, said, useHead } from './parts';

const tonnes = (kg: number) => `${Math.floor(kg / 1000)}.${String(kg % 1000).padStart(3, '0')}`;

/** /noSpec (无规格提货): a pickup by category and weight; the server draws the organisation's oldest goods of that category first. */
export default function NoSpecPage({ title }: PageProps) {
  const t = useT();
  const client = useQueryClient();
  const categories = useQuery({ queryKey: ['pickup', 'categories'], queryFn: poolCategories });
  const [category, setCategory] = useState<string | null>(null);
  const [weight, setWeight] = useState('');
  const head = useHead();
  const submit = useMutation({
    mutationFn: () => requestNoSpec(head.value(), category ?? '', weight),
    onSuccess: (msg) => { said(msg); setWeight(''); void client.invalidateQueries({ queryKey: ['pickup'] }); },
  });
  return (
    <Box p="md" data-testid="no-spec">
      <Title order={4} mb="xs" data-testid="page-title">{title}</Title>
      <Text c="dimmed" size="sm" mb="sm">{t('pickupUi.noSpecHint')}</Text>
      <Card withBorder>
        <Group grow mb="sm">
          <Select label={t('pickupUi.category')} required data-testid="nospec-category" value={category} onChange={setCategory}
            data={(categories.data ?? []).map((c) => ({ value: c.category, label: `${c.category}（${t('pickupUi.left')} ${tonnes(c.kgLeft)}）` }))} />
          <TextInput label={t('pickupUi.tonnes')} required value={weight} data-testid="nospec-tonnes" onChange={(e) => setWeight(e.currentTarget.value)} />
        </Group>
        <HeadFields state={head} />
        <Group justify="flex-end" mt="sm"><Button loading={submit.isPending} disabled={!category} onClick={() => submit.mutate()} data-testid="nospec-submit">{t('pickupUi.submit')}</Button></Group>
      </Card>
    </Box>
  );
}
