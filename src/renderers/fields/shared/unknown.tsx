import { useRT } from '../../i18n';

/** Explicit fallback for a component key the runtime does not know: names it, never crashes. */
export function UnknownKind({ kind, label }: { kind: string; label?: string | null }) {
  const t = useRT();
  return (
    <div className="scp-unknown-kind" data-unknown-kind={kind} style={{ padding: '4px 8px', border: '1px dashed #fa5252', color: '#c92a2a', fontSize: 12 }}>
      {t('renderers.kindUnknown', { kind, label: label ?? '' })}
    </div>
  );
}
