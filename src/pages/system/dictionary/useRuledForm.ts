import { useMemo, useState } from 'react';
import { useT } from '../../../app/i18n';
import type { FormProblem } from '../../../runtime/validation/dictionary-forms';

/**
 * The values of a dialog form checked by a rule list (src/runtime/validation/dictionary-forms.ts,
 * the server's own): a field shows its message once it was changed or left, and every field
 * after a submit; `check()` says whether the values may be sent and marks them all shown.
 */
export function useRuledForm<V extends object, F extends string>(initial: V, rules: (values: V) => FormProblem<F>[]) {
  const t = useT();
  const [values, setValues] = useState<V>(initial);
  // what the dialog opened with (or last loaded): closing asks first only when values differ
  const [baseline, setBaseline] = useState<V>(initial);
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const problems = useMemo(() => rules(values), [rules, values]);
  const errorOf = (field: F): string | undefined => {
    const problem = problems.find((p) => p.field === field);
    return problem && (submitted || shown.has(field)) ? t(problem.key) : undefined;
  };
  return {
    values,
    /** Sets one field (and shows its message from now on). */
    set<K extends keyof V & string>(field: K, value: V[K]) {
      setValues((v) => ({ ...v, [field]: value }));
      setShown((s) => new Set(s).add(field));
    },
    /** Replaces the values (a record loaded for editing) without showing messages. */
    reset(next: V) {
      setValues(next);
      setBaseline(next);
      setShown(new Set());
      setSubmitted(false);
    },
    /** Marks a field left (blur): its message shows. */
    leave(field: F) {
      setShown((s) => (s.has(field) ? s : new Set(s).add(field)));
    },
    errorOf,
    isDirty: () => JSON.stringify(values) !== JSON.stringify(baseline),
    check(): boolean {
      setSubmitted(true);
      return problems.length === 0;
    },
    /** The first field with a problem, for focus after a refused submit. */
    firstProblem: problems[0]?.field ?? null,
  };
}
