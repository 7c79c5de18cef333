import { createContext, memo, useCallback, useContext, useSyncExternalStore } from 'react';
import type { CompiledModel } from '../../runtime/model/compiled';
import { UnknownKind } from '../fields/shared/unknown';
import { lookupRenderer } from '../registry';
import type { FieldRegistry } from '../types';
import type { FormStore } from './store';

/** What every form item of one form shares; stable for the life of the form. */
export interface FormScope {
  model: CompiledModel;
  store: FormStore;
  registry: FieldRegistry;
  idPrefix: string;
  disabled: boolean;
  /** Called when a field loses focus (validation of touched fields). */
  onFieldBlur(key: string): void;
  onFieldChange(key: string): void;
  /** Test and bench hook: called on every render of a form item. */
  onFieldRender?: (key: string) => void;
  labelWidth: number;
  labelPosition: 'left' | 'right' | 'top';
  /** Keys that may show (visibility, noShow, permission). */
  visible: ReadonlySet<string>;
}

export const FormScopeContext = createContext<FormScope | null>(null);

function useScope(): FormScope {
  const scope = useContext(FormScopeContext);
  if (!scope) throw new Error('FormItem outside a ModelForm');
  return scope;
}

/**
 * One field of the form: label (with the red asterisk when required), the kind's edit widget
 * from the registry, and its message. Memoised on its key and subscribed to its own slot of
 * the store, so typing in one field re-renders that field only.
 */
export const FormItem = memo(function FormItem({ fieldKey }: { fieldKey: string }) {
  const scope = useScope();
  const { store, model } = scope;
  const field = model.form.fields[fieldKey]!;
  const subscribe = useCallback((listener: () => void) => store.subscribe(fieldKey, listener), [store, fieldKey]);
  const value = useSyncExternalStore(subscribe, () => store.getValue(fieldKey), () => store.getValue(fieldKey));
  const error = useSyncExternalStore(
    subscribe,
    () => (store.isTouched(fieldKey) || store.submitted() ? store.getError(fieldKey) : undefined),
    () => undefined,
  );
  const onChange = useCallback((next: unknown) => {
    store.setValue(fieldKey, next);
    scope.onFieldChange(fieldKey);
  }, [store, fieldKey, scope]);
  const onBlur = useCallback(() => scope.onFieldBlur(fieldKey), [scope, fieldKey]);
  scope.onFieldRender?.(fieldKey);

  const renderer = lookupRenderer(scope.registry, field.kind);
  const id = `${scope.idPrefix}${fieldKey}`;
  const top = scope.labelPosition === 'top';
  const edit = renderer ? (
    <renderer.Edit field={field} value={value} onChange={onChange} onBlur={onBlur} id={id} disabled={scope.disabled || field.disabled} readOnly={field.readonly || field.system} error={!!error} />
  ) : (
    <UnknownKind kind={field.kind} label={field.label} />
  );
  const showLabel = field.showLabel && !!field.label;
  return (
    <div className="scp-form-item" data-field-key={fieldKey} data-kind={field.kind} style={{ display: top ? 'block' : 'flex', alignItems: 'flex-start', marginBottom: 16, contain: 'content' }}>
      {showLabel ? (
        <label
          htmlFor={id}
          className="scp-form-label"
          style={{ width: top ? undefined : scope.labelWidth, flex: top ? undefined : `0 0 ${scope.labelWidth}px`, textAlign: scope.labelPosition === 'right' ? 'right' : 'left', paddingRight: 12, lineHeight: '36px', fontSize: 14, display: top ? 'block' : undefined }}
        >
          {field.required ? (
            <span className="scp-required" aria-hidden style={{ color: '#fa5252', marginRight: 4 }}>
              *
            </span>
          ) : null}
          {field.label}
        </label>
      ) : !top ? (
        <span style={{ flex: `0 0 ${field.stores ? scope.labelWidth : 0}px` }} />
      ) : null}
      <div style={{ flex: 1, minWidth: 0 }}>
        {edit}
        {error ? (
          <div className="scp-field-error" role="alert" style={{ color: '#fa5252', fontSize: 12, marginTop: 2 }}>
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
});
