import { Group, Image, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useT } from '../../../app/i18n';
import { getSignImgs } from '../../../app/api/currentUser';

/** The value of "不签名". */
export const NO_SIGNATURE = '';

/**
 * 签名 of an approver's action: one of my own signatures (profile 个人签名), the default one
 * chosen first, or none. The server takes only my own (flowUi.sign.notMine otherwise).
 */
export function SignatureChoice({ value, onChange }: { value: string | null; onChange(id: string): void }) {
  const t = useT();
  const list = useQuery({ queryKey: ['currentUser', 'signImgs'], queryFn: getSignImgs, staleTime: 0 });
  const signatures = list.data ?? [];
  useEffect(() => {
    // preselect once, when the list arrives: the default signature, else none (also when it cannot be read)
    if (value === null && list.data) onChange(list.data.find((s) => s.isDefault === 1)?.id ?? NO_SIGNATURE);
    else if (value === null && list.isError) onChange(NO_SIGNATURE);
  }, [list.data, list.isError, value, onChange]);
  if (list.isLoading) return null;
  return (
    <Radio.Group label={t('flowUi.sign.label')} value={value ?? NO_SIGNATURE} onChange={onChange} data-testid="flow-sign-choice">
      <Stack gap={6} mt={4}>
        {signatures.map((s, i) => (
          <Radio
            key={s.id}
            value={s.id}
            data-testid="flow-sign-option"
            data-default={s.isDefault === 1 ? 'true' : 'false'}
            label={
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">{t(s.isDefault === 1 ? 'flowUi.sign.default' : 'flowUi.sign.option', { n: i + 1 })}</Text>
                {/* the label's text names it; the picture only shows which one it is */}
                <Image src={s.signImg} alt="" h={32} w="auto" fit="contain" bg="white" style={{ border: '1px solid var(--mantine-color-gray-3)' }} />
              </Group>
            }
          />
        ))}
        <Radio value={NO_SIGNATURE} label={t('flowUi.sign.none')} data-testid="flow-sign-none" />
        {signatures.length === 0 ? <Text size="xs" c="dimmed">{t('flowUi.sign.noneYet')}</Text> : null}
      </Stack>
    </Radio.Group>
  );
}
