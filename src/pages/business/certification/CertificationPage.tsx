import { Alert, Box, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useT } from '../../../app/i18n';
import type { PageProps } from '../../../app/router/pages';
import { ApiError } from '../../../app/api/client';
import { ownCertification, saveCertification, submitCertification, type Certification, type CertificationFields } from '../../../app/api/certification';
import { creditCodeProblem, normaliseCreditCode } from '../../../runtime/credit-code';
import type { MessageKey } from '../../../runtime/i18n';
import { RenderersHost } from '../../dynamic/DynamicPages';
import { StatusBanner } from './CertificationStatus';
import { ContactsEditor } from './ContactsEditor';
import { AreaField, LicenceField } from './standaloneFields';

const fieldsOf = (c: Certification): CertificationFields => ({
  companyName: c.companyName, creditCode: c.creditCode, legalPerson: c.legalPerson, area: c.area, address: c.address, licenceFile: c.licenceFile,
  contacts: c.contacts.length ? c.contacts : [{ name: '', phone: '', title: '' }],
});

/** The credit code's live check: the problem's text, or null while it is empty or valid. */
function useCodeCheck(code: string): { error: string | null; valid: boolean } {
  const t = useT();
  const normal = normaliseCreditCode(code);
  if (!normal) return { error: null, valid: false };
  const problem = creditCodeProblem(normal);
  if (!problem) return { error: null, valid: true };
  // while typing, a short code is not yet wrong
  if (problem === 'length' && normal.length < 18) return { error: null, valid: false };
  const key = `certification.code${problem[0]!.toUpperCase()}${problem.slice(1)}` as MessageKey;
  return { error: t('certification.badCode', { problem: t(key) }), valid: false };
}

/**
 * 企业中心 /authentication (issue 21 item 1): the customer's organisation's certification: its
 * status (未认证 / 审核中 / 已认证 / 已驳回 with the reason), the form (company, credit code checked
 * as typed, legal representative, area through the address picker, street address, licence image,
 * contacts), save as draft or submit for review. Locked while under review.
 */
export default function CertificationPage({ title }: PageProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: ['certification'], queryFn: ownCertification, retry: false });
  const [form, setForm] = useState<CertificationFields | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const c = current.data;
  useEffect(() => {
    if (c) setForm(fieldsOf(c));
  }, [c]);
  const code = useCodeCheck(form?.creditCode ?? '');
  const write = useMutation({
    mutationFn: ({ submit }: { submit: boolean }) => (submit ? submitCertification : saveCertification)({ ...form!, version: c!.version }),
    onSuccess: (next, { submit }) => {
      setFailure(null);
      queryClient.setQueryData(['certification'], next);
      void queryClient.invalidateQueries({ queryKey: ['certification-home'] });
      notifications.show({ color: 'green', message: t(submit ? 'certification.submitted' : 'certification.saved') });
    },
    onError: (error) => setFailure(error instanceof ApiError ? error.message : String(error)),
  });
  const set = (part: Partial<CertificationFields>) => setForm((f) => (f ? { ...f, ...part } : f));
  const locked = !c || c.status === 1 || write.isPending;
  return (
    <Box p="md" data-testid="certification-page">
      <Title order={4} mb="sm" data-testid="page-title">{title}</Title>
      {current.isError ? <Alert color="red" data-testid="certification-unavailable">{(current.error as Error).message}</Alert> : null}
      {c && form ? (
        <Stack gap="md" maw={900}>
          <StatusBanner certification={c} />
          <Card withBorder component="form" aria-label={t('certification.title')} onSubmit={(e) => { e.preventDefault(); write.mutate({ submit: true }); }}>
            <RenderersHost>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label={t('certification.field.companyName')} required value={form.companyName} onChange={(e) => set({ companyName: e.currentTarget.value })} disabled={locked} maxLength={100} data-testid="cert-companyName" />
                  <TextInput
                    label={t('certification.field.creditCode')} required value={form.creditCode} maxLength={30} disabled={locked} data-testid="cert-creditCode"
                    onChange={(e) => set({ creditCode: e.currentTarget.value })} error={code.error}
                    description={code.valid ? <Text span size="xs" c="green" data-testid="cert-code-valid">{t('certification.codeValid')}</Text> : undefined}
                  />
                  <TextInput label={t('certification.field.legalPerson')} required value={form.legalPerson} onChange={(e) => set({ legalPerson: e.currentTarget.value })} disabled={locked} maxLength={50} data-testid="cert-legalPerson" />
                  <AreaField label={t('certification.field.area')} value={form.area} onChange={(area) => set({ area })} disabled={locked} testId="cert-area" />
                </SimpleGrid>
                <TextInput label={t('certification.field.address')} required value={form.address} onChange={(e) => set({ address: e.currentTarget.value })} disabled={locked} maxLength={200} data-testid="cert-address" />
                <LicenceField label={t('certification.field.licence')} value={form.licenceFile} onChange={(licenceFile) => set({ licenceFile })} disabled={locked} testId="cert-licence" />
                <ContactsEditor value={form.contacts} onChange={(contacts) => set({ contacts })} disabled={locked} />
                {failure ? <Alert color="red" data-testid="certification-failure">{failure}</Alert> : null}
                {c.status !== 1 ? (
                  <Group>
                    <Button variant="default" onClick={() => write.mutate({ submit: false })} loading={write.isPending && !write.variables?.submit} disabled={locked} data-testid="cert-save">{t('certification.saveDraft')}</Button>
                    <Button type="submit" loading={write.isPending && write.variables?.submit} disabled={locked} data-testid="cert-submit">{t('certification.submit')}</Button>
                  </Group>
                ) : null}
              </Stack>
            </RenderersHost>
          </Card>
        </Stack>
      ) : null}
    </Box>
  );
}
