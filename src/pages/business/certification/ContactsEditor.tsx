import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { useT } from '../../../app/i18n';
import type { CertificationContact } from '../../../app/api/certification';

/** The contacts as a small editable list: name, phone, job title per line. */
export function ContactsEditor({ value, onChange, disabled }: { value: CertificationContact[]; onChange(v: CertificationContact[]): void; disabled: boolean }) {
  const t = useT();
  const set = (i: number, part: Partial<CertificationContact>) => onChange(value.map((c, j) => (j === i ? { ...c, ...part } : c)));
  return (
    <Input.Wrapper label={t('certification.field.contacts')} required>
      <Stack gap="xs" data-testid="certification-contacts">
        {value.map((c, i) => (
          <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput label={t('certification.field.contactName')} value={c.name} onChange={(e) => set(i, { name: e.currentTarget.value })} disabled={disabled} maxLength={50} data-testid={`contact-name-${i}`} />
            <TextInput label={t('certification.field.contactPhone')} value={c.phone} onChange={(e) => set(i, { phone: e.currentTarget.value })} disabled={disabled} maxLength={30} data-testid={`contact-phone-${i}`} />
            <TextInput label={t('certification.field.contactTitle')} value={c.title} onChange={(e) => set(i, { title: e.currentTarget.value })} disabled={disabled} maxLength={50} data-testid={`contact-title-${i}`} />
            {!disabled && value.length > 1 ? (
              <ActionIcon variant="subtle" color="red" mb={4} aria-label={`${t('certification.removeContact')} ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>×</ActionIcon>
            ) : null}
          </Group>
        ))}
        {!disabled && value.length < 10 ? (
          <Button variant="subtle" size="xs" w="fit-content" onClick={() => onChange([...value, { name: '', phone: '', title: '' }])} data-testid="contact-add">{t('certification.addContact')}</Button>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
