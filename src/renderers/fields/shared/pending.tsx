import type { FieldKind } from '../../../runtime/model/kinds';
import { useRT } from '../../i18n';
import type { FieldRenderer, ViewProps } from '../../types';
import { displayText } from './common';

/** A visible stand-in for kinds whose widgets arrive with other issues: it names the kind, never crashes. */
export function PendingKind({ kind }: { kind: string }) {
  const t = useRT();
  return (
    <div className="scp-pending" data-pending-kind={kind} style={{ padding: '4px 8px', border: '1px dashed #adb5bd', color: '#868e96', fontSize: 12 }}>
      {t('renderers.kindPending', { kind })}
    </div>
  );
}

/** Renderers for a widget-group kind: edit shows the stand-in; view and cell show the stored value as text. */
export function pendingRenderer<K extends FieldKind>(kind: K): FieldRenderer<K> {
  const Edit = () => <PendingKind kind={kind} />;
  const View = ({ value }: ViewProps<K>) => (value === undefined || value === null || value === '' ? <PendingKind kind={kind} /> : <span>{displayText(value)}</span>);
  const Cell = ({ value }: ViewProps<K>) => <span>{displayText(value)}</span>;
  return { Edit, View, Cell };
}
