import type { FieldKind } from '../../../runtime/kinds';
import { useRT } from '../../i18n';
import type { FieldRenderer, ViewProps } from '../../types';
import { FormattedView } from '../../format';

/** A visible stand-in for kinds whose widgets arrive with other issues: it names the kind, never crashes. */
export function PendingKind({ kind }: { kind: string }) {
  const t = useRT();
  return (
    <div className="scp-pending" data-pending-kind={kind} style={{ padding: '4px 8px', border: '1px dashed #adb5bd', color: '#868e96', fontSize: 12 }}>
      {t('renderers.kindPending', { kind })}
    </div>
  );
}

/** Renderers for a widget-group kind: edit shows the stand-in; view and cell show the value as its kind formats it. */
export function pendingRenderer<K extends FieldKind>(kind: K): FieldRenderer<K> {
  const Edit = () => <PendingKind kind={kind} />;
  const View = (props: ViewProps<K>) => (props.value === undefined || props.value === null || props.value === '' ? <PendingKind kind={kind} /> : <FormattedView {...props} />);
  return { Edit, View, Cell: FormattedView, standIn: true };
}
