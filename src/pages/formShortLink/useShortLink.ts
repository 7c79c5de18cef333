import { useCallback, useEffect, useState } from 'react';
import type { CompiledModel, FieldError } from '../../runtime/model/compiled';
import type { RefNames } from '../../runtime/kinds';
import { modelOfForm, refusalOf, shortLinkApi } from './api';

/**
 * The page's state: loading → (password) → form → submitted → (my submission). Every call
 * goes through shortLinkApi; the component only draws the state.
 */
export type ShortLinkState =
  | { step: 'loading' }
  | { step: 'invalid' }
  | { step: 'password'; error: string | null; busy: boolean }
  | { step: 'form'; model: CompiledModel; allowView: boolean; busy: boolean; error: string | null; fieldErrors: FieldError[] }
  | { step: 'done'; receipt: string | null; busy: boolean; error: string | null }
  | { step: 'submission'; model: CompiledModel; record: Record<string, unknown>; refs: RefNames };

export function useShortLink(code: string | null) {
  const [state, setState] = useState<ShortLinkState>(code ? { step: 'loading' } : { step: 'invalid' });
  const [password, setPassword] = useState<string | undefined>(undefined);
  const [form, setForm] = useState<{ model: CompiledModel; allowView: boolean } | null>(null);

  const load = useCallback(
    async (pw?: string) => {
      if (!code) return setState({ step: 'invalid' });
      try {
        const part = await shortLinkApi.open(code, pw);
        const next = { model: modelOfForm(part), allowView: part.allowView };
        setPassword(pw);
        setForm(next);
        setState({ step: 'form', ...next, busy: false, error: null, fieldErrors: [] });
      } catch (e) {
        const r = refusalOf(e);
        if (r.needPassword) setState({ step: 'password', error: pw ? r.message : null, busy: false });
        else setState({ step: 'invalid' });
      }
    },
    [code],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const unlock = (pw: string) => {
    setState({ step: 'password', error: null, busy: true });
    void load(pw);
  };

  const submit = async (values: Record<string, unknown>) => {
    if (!code || !form) return;
    setState({ step: 'form', ...form, busy: true, error: null, fieldErrors: [] });
    try {
      const { receipt } = await shortLinkApi.submit(code, values, password);
      setState({ step: 'done', receipt, busy: false, error: null });
    } catch (e) {
      const r = refusalOf(e);
      if (r.invalidLink) setState({ step: 'invalid' });
      else setState({ step: 'form', ...form, busy: false, error: r.message, fieldErrors: r.fieldErrors });
    }
  };

  const viewSubmission = async (receipt: string) => {
    if (!code) return;
    setState({ step: 'done', receipt, busy: true, error: null });
    try {
      const s = await shortLinkApi.receipt(code, receipt);
      setState({ step: 'submission', model: modelOfForm(s), record: JSON.parse(s.data) as Record<string, unknown>, refs: s.refs ?? {} });
    } catch (e) {
      setState({ step: 'done', receipt, busy: false, error: refusalOf(e).message });
    }
  };

  const fillAgain = () => {
    if (form) setState({ step: 'form', ...form, busy: false, error: null, fieldErrors: [] });
    else void load(password);
  };

  return { state, unlock, submit, viewSubmission, fillAgain };
}
