import { Alert, JsonInput, List, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useT } from '../../../app/i18n';
import type { MessageKey } from '../../../runtime/i18n';
import { templateProblems, type TemplateProblem } from '../../../runtime/flow';

/** Reads the editor's text: the template, or why it cannot run (not JSON, or the validation's problems). */
export function readTemplateText(text: string): { template: unknown; problems: TemplateProblem[] | null } {
  try {
    const template = JSON.parse(text) as unknown;
    return { template, problems: templateProblems(template) };
  } catch {
    return { template: null, problems: null };
  }
}

export function useProblemText() {
  const t = useT();
  return (p: TemplateProblem) => t('flowAdmin.problemAt', { title: p.title || p.nodeId || '?', id: p.nodeId || '?', reason: t(`flowAdmin.problem.${p.reason}` as MessageKey, { detail: p.detail ?? '' }) });
}

/**
 * The template as JSON text with the same check the server makes, as one types: each problem
 * names the node (title and id) and the reason (src/runtime/flow/validate.ts).
 */
export function TemplateField({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const t = useT();
  const problemText = useProblemText();
  const read = useMemo(() => (value.trim() ? readTemplateText(value) : null), [value]);
  return (
    <>
      <JsonInput label={t('flowAdmin.template')} description={t('flowAdmin.templateHint')} value={value} onChange={onChange} autosize minRows={8} maxRows={20} data-testid="flow-template-json" />
      {read ? (
        read.problems === null ? (
          <Alert color="red" role="alert" data-testid="flow-template-problems">{t('flowAdmin.templateNotJson')}</Alert>
        ) : read.problems.length ? (
          <Alert color="red" role="alert" data-testid="flow-template-problems">
            <List size="sm">{read.problems.map((p, i) => <List.Item key={i}>{problemText(p)}</List.Item>)}</List>
          </Alert>
        ) : (
          <Text size="sm" c="green" data-testid="flow-template-ok">{t('flowAdmin.templateOk')}</Text>
        )
      ) : null}
    </>
  );
}
