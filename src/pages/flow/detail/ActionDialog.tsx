import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../app/i18n';
import { ApiError } from '../../../app/api/client';
import {
  addSignFlow, assignFlow, cancelFlow, changeApprover, passFlow, rejectFlow, resubmitFlow, returnFlow, transferFlow, withdrawFlow, type FlowDetail,
} from '../../../app/api/flow';
import type { MessageKey } from '../../../runtime/i18n';
import { UserChooser } from './UserChooser';
import { SignatureChoice } from './SignatureChoice';
import { writableValues, type FlowActionKind } from './flowAvailability';

export const ACTION_LABEL: Record<FlowActionKind, MessageKey> = {
  pass: 'flowUi.act.pass', return: 'flowUi.act.return', reject: 'flowUi.act.reject', transfer: 'flowUi.act.transfer', addSign: 'flowUi.act.addSign',
  withdraw: 'flowUi.act.withdraw', resubmit: 'flowUi.act.resubmit', cancel: 'flowUi.act.cancel', assign: 'flowUi.act.assign', change: 'flowUi.act.change',
};
const WARNING: Partial<Record<FlowActionKind, MessageKey>> = {
  reject: 'flowUi.act.rejectWarning', withdraw: 'flowUi.act.withdrawConfirm', cancel: 'flowUi.act.cancelWarning', resubmit: 'flowUi.act.resubmitHint',
};
/** Actions the approver may sign (the history shows the signature). */
const SIGNED = new Set<FlowActionKind>(['pass', 'return', 'reject']);
/** Actions that take no opinion. */
const NO_OPINION = new Set<FlowActionKind>(['withdraw', 'resubmit']);

export interface ActionDialogProps {
  kind: FlowActionKind;
  detail: FlowDetail;
  /** The form as edited on the page (a pass sends its writable fields, a resubmission all). */
  values: Record<string, unknown>;
  /** `refused`: the server refused an attempt, so what the page shows is likely stale. */
  onClose(refused: boolean): void;
  onDone(kind: FlowActionKind): void;
}

/** One action's dialog: what it needs (opinion, target step, people), then the call; a refusal shows the server's message here. */
export function ActionDialog({ kind, detail, values, onClose, onDone }: ActionDialogProps) {
  const t = useT();
  const nodeTitle = (id: string) => {
    const node = detail.flow.nodes.find((n) => n.id === id);
    return node?.type === 'start' ? t('flowUi.act.startNode') : (node?.title ?? id);
  };
  const targets = detail.todo?.returnTargets;
  const [opinion, setOpinion] = useState('');
  const [step, setStep] = useState<string | null>(targets?.fallback ?? targets?.targets[0] ?? null);
  const [user, setUser] = useState<string | string[] | null>(kind === 'addSign' ? [] : null);
  const approverNodes = detail.flow.nodes.filter((n) => n.type === 'approver');
  const [node, setNode] = useState<string | null>(detail.flow.active[0] ?? approverNodes[0]?.id ?? null);
  const [operator, setOperator] = useState<string | null>(detail.waiting?.[0]?.operatorId ?? null);
  // null until the list of my signatures arrives (then the default one, or none)
  const [sign, setSign] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needsUser = kind === 'transfer' || kind === 'assign' || kind === 'change' || kind === 'addSign';

  const call = () => {
    const said = opinion.trim() || undefined;
    const op = detail.todo?.operatorId ?? '';
    const one = typeof user === 'string' ? user : '';
    const signImgId = sign || undefined;
    switch (kind) {
      case 'pass': return passFlow(op, { handleOpinion: said, formData: writableValues(detail, values), signImgId });
      case 'return': return returnFlow(op, step ?? '', said, signImgId);
      case 'reject': return rejectFlow(op, said, signImgId);
      case 'transfer': return transferFlow(op, one, said);
      case 'addSign': return addSignFlow(op, Array.isArray(user) ? user : [], said);
      case 'withdraw': return withdrawFlow(detail.task.id);
      case 'resubmit': return resubmitFlow(detail.task.id, values);
      case 'cancel': return cancelFlow(detail.task.id, said);
      case 'assign': return assignFlow(detail.task.id, node ?? '', one, said);
      case 'change': return changeApprover(operator ?? '', one, said);
    }
  };
  const confirm = async () => {
    if (needsUser && (!user || (Array.isArray(user) && !user.length))) return setError(t('flowUi.act.chooseUser'));
    if (kind === 'change' && !operator) return setError(t('flowUi.act.chooseWaiting'));
    setBusy(true);
    setError(null);
    try {
      await call();
      onDone(kind);
    } catch (e) {
      // the server's translated refusal (another approver acted first: 流程已被他人处理)
      setError(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={() => onClose(error !== null)} title={t(ACTION_LABEL[kind])} closeButtonProps={{ 'aria-label': t('flowUi.act.close') }} data-testid={`flow-dialog-${kind}`}>
      <Stack gap="sm">
        {WARNING[kind] ? <Text size="sm">{t(WARNING[kind]!)}</Text> : null}
        {kind === 'return' && targets ? (
          <Select
            label={t('flowUi.act.returnTo')}
            data={targets.targets.map((id) => ({ value: id, label: nodeTitle(id) }))}
            value={step}
            onChange={setStep}
            allowDeselect={false}
            data-testid="flow-return-step"
          />
        ) : null}
        {kind === 'assign' ? (
          <Select label={t('flowUi.act.node')} data={approverNodes.map((n) => ({ value: n.id, label: n.title }))} value={node} onChange={setNode} allowDeselect={false} />
        ) : null}
        {kind === 'change' ? (
          <Select
            label={t('flowUi.act.waiting')}
            data={(detail.waiting ?? []).map((w) => ({ value: w.operatorId, label: `${w.nodeName} · ${w.userName}` }))}
            value={operator}
            onChange={setOperator}
            allowDeselect={false}
          />
        ) : null}
        {needsUser ? <UserChooser label={t(kind === 'addSign' ? 'flowUi.act.users' : 'flowUi.act.user')} multiple={kind === 'addSign'} value={user} onChange={setUser} /> : null}
        {NO_OPINION.has(kind) ? null : (
          <Textarea label={t('flowUi.detail.opinion')} value={opinion} onChange={(e) => setOpinion(e.currentTarget.value)} autosize minRows={3} maxLength={1000} data-testid="flow-opinion" />
        )}
        {SIGNED.has(kind) ? <SignatureChoice value={sign} onChange={setSign} /> : null}
        {error ? <Alert color="red" data-testid="flow-action-error">{error}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(error !== null)} data-testid="flow-dialog-cancel">{t('flowUi.act.close')}</Button>
          <Button onClick={() => void confirm()} loading={busy} disabled={SIGNED.has(kind) && sign === null} color={kind === 'reject' || kind === 'cancel' ? 'red' : undefined} data-testid="flow-dialog-confirm">
            {t('flowUi.act.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
