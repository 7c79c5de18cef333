import { Alert, Button, Group, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { useLocale, useT } from '../../app/i18n';
import { DetailBody, ModelForm, RenderersProvider, type ModelFormHandle } from '../../renderers';
import type { CompiledModel, FieldError } from '../../runtime/model/compiled';
import { PublicFrame } from '../customer/PublicFrame';
import { anonymousDataProvider } from './api';
import { useShortLink } from './useShortLink';

/**
 * /formShortLink?code=…: fills a model's form through its short link without signing in
 * (spec platform 2.1). The form is drawn by the renderers' ModelForm and checked by the same
 * validator as the server; after submitting, a link that allows viewing offers the submitted
 * record, read-only. An unknown, disabled or expired link shows the one "invalid" message.
 */
export default function FormShortLinkPage() {
  const t = useT();
  const locale = useLocale();
  const code = new URLSearchParams(useSearch()).get('code');
  const { state, unlock, submit, viewSubmission, fillAgain } = useShortLink(code);

  const title = state.step === 'form' || state.step === 'submission' ? state.model.fullName : t('shortLink.title');
  const wide = state.step === 'form' || state.step === 'submission';
  return (
    <PublicFrame title={title} width={wide ? 760 : 480} testId="short-link-page">
      <RenderersProvider data={anonymousDataProvider} locale={locale}>
        {state.step === 'loading' ? (
          <Group justify="center" data-testid="short-link-loading">
            <Loader size="sm" />
            <Text size="sm">{t('shortLink.loading')}</Text>
          </Group>
        ) : state.step === 'invalid' ? (
          <InvalidLink />
        ) : state.step === 'password' ? (
          <PasswordStep error={state.error} busy={state.busy} onUnlock={unlock} />
        ) : state.step === 'form' ? (
          <FillStep model={state.model} busy={state.busy} error={state.error} fieldErrors={state.fieldErrors} onSubmit={submit} />
        ) : state.step === 'done' ? (
          <Stack align="center" gap="sm" data-testid="short-link-success">
            <IconCircleCheck size={48} color="var(--mantine-color-green-6)" />
            <Title order={4}>{t('shortLink.successTitle')}</Title>
            <Text size="sm" c="dimmed">{t('shortLink.successText')}</Text>
            {state.error ? <Alert color="red" w="100%">{state.error}</Alert> : null}
            <Group>
              {state.receipt ? (
                <Button variant="light" loading={state.busy} onClick={() => void viewSubmission(state.receipt!)} data-testid="short-link-view">
                  {t('shortLink.viewSubmission')}
                </Button>
              ) : null}
              <Button variant="default" onClick={fillAgain} data-testid="short-link-again">
                {t('shortLink.fillAgain')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm" data-testid="short-link-submission">
            <Text fw={600}>{t('shortLink.submissionTitle')}</Text>
            <DetailBody model={state.model} permissions={null} record={state.record} refs={state.refs} />
            <Group justify="flex-end">
              <Button variant="default" onClick={fillAgain}>{t('shortLink.fillAgain')}</Button>
            </Group>
          </Stack>
        )}
      </RenderersProvider>
    </PublicFrame>
  );
}

function InvalidLink() {
  const t = useT();
  return (
    <Stack gap="sm" align="center">
      <IconLinkOff size={40} color="var(--mantine-color-gray-6)" />
      <Alert color="orange" w="100%" data-testid="short-link-invalid">
        {t('shortLink.invalid')}
      </Alert>
      <Text size="sm" c="dimmed" ta="center">
        {t('shortLink.hint')}
      </Text>
    </Stack>
  );
}

function PasswordStep({ error, busy, onUnlock }: { error: string | null; busy: boolean; onUnlock(password: string): void }) {
  const t = useT();
  const [password, setPassword] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (password) onUnlock(password);
      }}
    >
      <Stack gap="sm" data-testid="short-link-password">
        <Text size="sm">{t('shortLink.passwordTitle')}</Text>
        <PasswordInput label={t('shortLink.passwordLabel')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={error} data-testid="short-link-password-input" autoFocus />
        <Button type="submit" loading={busy} disabled={!password} data-testid="short-link-unlock">
          {t('shortLink.unlock')}
        </Button>
      </Stack>
    </form>
  );
}

/** Dictionary and data-interface options need a session: a form that has them says so. */
function usesRemoteOptions(model: CompiledModel): boolean {
  return Object.values(model.form.fields).some((f) => !!f.options && f.options.from !== 'static');
}

function FillStep({ model, busy, error, fieldErrors, onSubmit }: {
  model: CompiledModel; busy: boolean; error: string | null; fieldErrors: FieldError[]; onSubmit(values: Record<string, unknown>): Promise<void>;
}) {
  const t = useT();
  const formRef = useRef<ModelFormHandle>(null);
  const remote = useMemo(() => usesRemoteOptions(model), [model]);
  // The server's field messages (same validator, so rare) show under their fields, the rest above the form.
  useEffect(() => {
    if (fieldErrors.length) formRef.current?.showServerErrors(fieldErrors);
  }, [fieldErrors]);
  return (
    <Stack gap="sm" data-testid="short-link-form">
      {remote ? <Text size="xs" c="dimmed">{t('shortLink.anonymousOptions')}</Text> : null}
      <ModelForm model={model} permissions={null} mode="create" formRef={formRef} showActions={false} onSubmit={onSubmit} disabled={busy} />
      {error ? (
        <Alert color="red" data-testid="short-link-error">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button loading={busy} onClick={() => void formRef.current?.submit()} data-testid="short-link-submit">
          {model.form.confirmButtonText ?? t('shortLink.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
